import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

function multipart(field: string, filename: string, data: Buffer, type = 'application/octet-stream') {
  const boundary = '----pmbok-test-boundary';
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), data, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

describe("the user's own account", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('updates the profile and validates it', async () => {
    const token = await h.register('13700000001');
    const updated = await h.call('userInfo/update', { trueName: '张三', introduction: '后端', sex: '1' }, token);
    expect(updated.data).toMatchObject({ trueName: '张三', introduction: '后端', sex: 1, nickname: '用户0001' });
    expect((await h.call('userInfo/getUser', {}, token)).data.trueName).toBe('张三');
    expect((await h.call('userInfo/update', { nickname: '' }, token)).msg).toBe('请输入昵称');
    expect((await h.call('userInfo/update', { avatar: 'javascript:alert(1)' }, token)).msg).toBe('头像地址无效');
    expect((await h.call('userInfo/update', { sex: '7' }, token)).code).toBe(400);
  });

  it('changes the password with the old one and ends the other sessions only', async () => {
    const first = await h.register('13700000002');
    const second = (await h.call('user/loginByPassword', { username: '13700000002', password: 'Passw0rd!' })).data
      .token;
    const change = { oldPassword: 'Wrong0ne!', password: 'N3w-pass!', repeatPassword: 'N3w-pass!' };
    expect((await h.call('userInfo/resetPassword', change, second)).msg).toBe('原密码错误');
    expect((await h.call('userInfo/resetPassword', { ...change, oldPassword: 'Passw0rd!' }, second)).code).toBe(200);
    expect((await h.call('userInfo/getUserInfo', {}, second)).code).toBe(200);
    expect((await h.call('userInfo/getUserInfo', {}, first)).code).toBe(402);
    expect((await h.call('user/loginByPassword', { username: '13700000002', password: 'N3w-pass!' })).code).toBe(200);
  });

  it('moves the account to a new number, which frees the old one', async () => {
    const token = await h.register('13700000003');
    await h.register('13700000004');
    expect(
      (await h.call('userInfo/sendChangeTelephoneCode', { telephone: '13700000004', smsType: '4' }, token)).msg,
    ).toBe('当前用户已注册');
    expect(
      (await h.call('userInfo/sendChangeTelephoneCode', { telephone: '13700000005', smsType: '4' }, token)).code,
    ).toBe(200);
    const code = await h.smsCode('13700000005');
    const moved = await h.call('userInfo/changeTelephone', { telephone: '13700000005', code }, token);
    expect(moved.data.telephone).toBe('137****0005');
    expect((await h.call('user/loginByPassword', { username: '13700000005', password: 'Passw0rd!' })).code).toBe(200);
    expect((await h.call('user/loginByPassword', { username: '13700000003', password: 'Passw0rd!' })).code).toBe(400);
    // The old number can be registered again by someone else.
    expect((await h.call('user/checkUsername', { username: '13700000003' })).data.registered).toBe(false);
    h.advanceClock(61_000);
    expect(await h.register('13700000003')).toBeTruthy();
  });

  it('binds an e-mail and a unique login name that signs in like the telephone', async () => {
    const token = await h.register('13700000009');
    const other = await h.register('13700000010');
    expect((await h.call('user/bindingEmail', { email: 'not-an-email' }, token)).msg).toBe('请输入正确的邮箱地址');
    expect((await h.call('user/bindingEmail', { email: 'Zhang@Example.com' }, token)).data.email).toBe(
      'zhang@example.com',
    );
    expect((await h.call('user/bindingUserName', { username: '13700000009' }, token)).msg).toBe(
      '用户名以字母开头，4到20位字母、数字或下划线',
    );
    expect((await h.call('user/bindingUserName', { username: 'zhang_san' }, token)).data.username).toBe('zhang_san');
    expect((await h.call('user/bindingUserName', { username: 'Zhang_San' }, other)).msg).toBe('该用户名已被使用');
    expect((await h.call('user/loginByPassword', { username: 'ZHANG_SAN', password: 'Passw0rd!' })).code).toBe(200);
    expect((await h.call('user/clearUserName', {}, token)).data.username).toBe('');
    expect((await h.call('user/loginByPassword', { username: 'zhang_san', password: 'Passw0rd!' })).code).toBe(400);
    expect((await h.call('user/bindingUserName', { username: 'Zhang_San' }, other)).data.username).toBe('Zhang_San');
  });

  it('closes an account only when it owns no team with other members, erasing its personal data', async () => {
    const owner = await h.register('13700000011');
    const member = await h.register('13700000012');
    const { teamId } = (await h.call('team/create', { teamName: '注销测试' }, owner)).data;
    const { shareCode } = (await h.call('team/shareInfo', { teamId: String(teamId) }, owner)).data;
    await h.call('team/shareJoin', { shareCode }, member);

    h.advanceClock(61_000);
    expect((await h.call('userInfo/sendDestroyCode', {}, owner)).code).toBe(200);
    const refused = await h.call('userInfo/destroy', { code: await h.smsCode('13700000011') }, owner);
    expect(refused.msg).toBe('你是团队「注销测试」的所有者且团队还有其他成员，请先转让团队或移除成员');

    expect((await h.call('userInfo/sendDestroyCode', {}, member)).code).toBe(200);
    expect((await h.call('userInfo/destroy', { code: '000000' }, member)).code).toBe(400);
    h.advanceClock(61_000);
    await h.call('userInfo/sendDestroyCode', {}, member);
    expect((await h.call('userInfo/destroy', { code: await h.smsCode('13700000012') }, member)).code).toBe(200);
    expect((await h.call('userInfo/getUserInfo', {}, member)).code).toBe(402);
    expect((await h.call('user/loginByPassword', { username: '13700000012', password: 'Passw0rd!' })).code).toBe(400);
    expect((await h.call('user/checkUsername', { username: '13700000012' })).data.registered).toBe(false);

    // The team forgets the member (a consumer of auth's events); poll the read side briefly.
    let count = 2;
    for (let i = 0; i < 50 && count !== 1; i++) {
      count = (await h.call('team/teamInfo', { teamId: String(teamId) }, owner)).data.memberCount;
      if (count !== 1) await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(count).toBe(1);

    // Now alone in the team, the owner may close the account too.
    h.advanceClock(61_000);
    await h.call('userInfo/sendDestroyCode', {}, owner);
    expect((await h.call('userInfo/destroy', { code: await h.smsCode('13700000011') }, owner)).code).toBe(200);
    // The number is free again.
    h.advanceClock(61_000);
    expect(await h.register('13700000012')).toBeTruthy();
  });

  it('lists the people who registered with my share code', async () => {
    const token = await h.register('13700000006');
    const { shareCode } = (await h.call('userInfo/getUserInfo', {}, token)).data;
    await h.call('user/sendRegisterCode', { username: '13700000007' });
    const code = await h.smsCode('13700000007');
    const fields = { telephone: '13700000007', password: 'Passw0rd!', repeatPassword: 'Passw0rd!', code, shareCode };
    expect((await h.call('user/register', fields)).code).toBe(200);
    expect((await h.call('userInfo/getInviteList', {}, token)).data).toEqual([
      expect.objectContaining({ nickname: '用户0007', telephone: '137****0007' }),
    ]);
    expect((await h.call('userInfo/getInviteMessage', {}, token)).data).toEqual({
      shareCode,
      inviteCount: 1,
      invitePath: `/system/#/invite/${shareCode}`,
    });
  });

  it('accepts images by their content, serves them back, and refuses anything else', async () => {
    const token = await h.register('13700000008');
    const upload = (body: ReturnType<typeof multipart>, auth = token) =>
      h.app.inject({
        method: 'POST',
        url: '/pmbok/api/img/upload',
        headers: { ...body.headers, authorization: auth },
        payload: body.payload,
      });

    const ok = (await upload(multipart('file', 'avatar.txt', PNG))).json();
    expect(ok).toMatchObject({ code: 200, data: { contentType: 'image/png', size: PNG.length } });
    const served = await h.app.inject(ok.data.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
    expect((await h.call('userInfo/update', { avatar: ok.data.url }, token)).data.avatar).toBe(ok.data.url);

    const html = (
      await upload(multipart('file', 'evil.png', Buffer.from('<html><script>alert(1)</script></html>'), 'image/png'))
    ).json();
    expect(html).toMatchObject({ code: 400, msg: '只能上传 PNG、JPEG、GIF、WebP 或 BMP 图片' });
    const big = Buffer.concat([PNG, Buffer.alloc(5 * 1024 * 1024)]);
    expect((await upload(multipart('file', 'big.png', big))).json()).toMatchObject({
      code: 400,
      msg: '图片不能超过5MB',
    });
    expect((await upload(multipart('other', 'a.png', PNG))).json().code).toBe(400);
    expect((await upload(multipart('file', 'a.png', PNG), '')).json().code).toBe(402);
    expect((await h.app.inject('/pmbok/files/images/1/nothing.png')).statusCode).toBe(404);
    expect((await h.app.inject('/pmbok/files/../auth.secret')).statusCode).toBe(404);
  });
});
