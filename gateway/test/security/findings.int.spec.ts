import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.js';

/**
 * Regressions of the outside review (issue 13): each test reproduces a finding the way an attacker would over
 * HTTP and fails if it comes back. The authorization matrix and the malformed-input sweep live beside this file.
 */
describe('security findings', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(() => h.close());

  it('#3 counts password failures per account, whatever the letter case of its login name', async () => {
    const telephone = '13700000301';
    const token = await h.register(telephone);
    expect((await h.call('user/bindingUserName', { username: 'probe301' }, token)).code).toBe(200);
    const spellings = ['probe301', 'Probe301', 'pRobe301', 'PROBE301', 'prObe301', 'probE301'];
    // Three failures from two addresses in three spellings: the account now needs a captcha, in any spelling.
    for (const [i, username] of spellings.slice(0, 3).entries()) {
      const answer = await h.call(
        'user/loginByPassword',
        { username, password: 'Wrong0ne!' },
        undefined,
        `10.3.0.${i % 2}`,
      );
      expect(answer.msg).toBe('账号或密码错误');
    }
    for (const username of [...spellings, telephone])
      expect((await h.call('user/checkNeedLoginCaptcha', { username }, undefined, '10.3.1.1')).data).toEqual({
        isNeed: true,
      });
    expect(
      (await h.call('user/loginByPassword', { username: 'PrObE301', password: 'Passw0rd!' }, undefined, '10.3.1.2'))
        .msg,
    ).toBe('请输入图形验证码');

    // Ten failures in all, spellings and addresses mixed, pause the account for every spelling and its telephone.
    for (let i = 3; i < 10; i++) {
      const username = spellings[i % spellings.length]!;
      await h.call('login/captcha', { username }, undefined, `10.3.0.${i % 2}`);
      await h.call(
        'user/loginByPassword',
        { username, password: 'Wrong0ne!', captcha: 'AbCd5' },
        undefined,
        `10.3.0.${i % 2}`,
      );
    }
    for (const username of ['probe301', 'PROBE301', telephone]) {
      await h.call('login/captcha', { username }, undefined, '10.3.2.1');
      const paused = await h.call(
        'user/loginByPassword',
        { username, password: 'Passw0rd!', captcha: 'AbCd5' },
        undefined,
        '10.3.2.1',
      );
      expect(paused.msg).toBe('登录失败次数过多，请15分钟后再试');
    }
  });
});
