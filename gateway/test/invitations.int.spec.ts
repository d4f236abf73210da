import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** Issue 13 finding 2: an invitation by telephone is an invitation; nobody joins, and nothing shows, before consent. */
describe('invitations by telephone through the gateway', () => {
  let h: Harness;
  let owner: string;
  let member: string;
  let alice: string;
  let bob: string;
  let mallory: string;
  let teamId: string;
  const phones = {
    owner: '13610001001',
    member: '13610002002',
    alice: '13610003003',
    bob: '13610004004',
    mallory: '13610005005',
    newcomer: '13610006006',
  };

  const memberIds = async () => {
    const list = await h.app.inject({
      method: 'GET',
      url: `/pmbok/admin/teamUsers?teamId=${teamId}`,
      headers: { authorization: owner },
    });
    return { ids: list.json().map((m: { id: number }) => m.id) as number[], body: list.body };
  };
  const userIdOf = async (token: string) => (await h.call('userInfo/getUserInfo', {}, token)).data.userId as number;
  const pending = async () => (await h.call('team/pendingInvitations', { teamId }, owner)).data;

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register(phones.owner);
    member = await h.register(phones.member);
    alice = await h.register(phones.alice);
    bob = await h.register(phones.bob);
    mallory = await h.register(phones.mallory);
    teamId = String((await h.call('team/create', { teamName: '邀请测试' }, owner)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
  });
  afterAll(async () => {
    await h.close();
  });

  it('records an invitation to an existing account without making it a member or revealing it', async () => {
    const registered = await h.call('team/inviteByTelephone', { teamId, telephone: phones.alice }, owner);
    const unregistered = await h.call('team/inviteByTelephone', { teamId, telephone: phones.newcomer }, owner);
    // the same answer whether or not the number has an account
    expect(registered).toEqual({ code: 200, msg: expect.any(String), data: { invited: true } });
    expect(unregistered.data).toEqual(registered.data);
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: phones.alice }, owner)).msg).toBe(
      '已向该手机号发送过邀请，请等待对方接受',
    );

    const aliceId = await userIdOf(alice);
    const { ids, body } = await memberIds();
    expect(ids).not.toContain(aliceId);
    expect(body).not.toContain('3003');
    expect((await h.call('team/teamInfo', { teamId }, owner)).data.memberCount).toBe(2);
    expect((await h.call('team/teamInfo', { teamId }, alice)).code).toBe(400);
    expect((await h.call('userInfo/userTeam', {}, alice)).data).toEqual([]);
    // the pending list holds what the inviter typed, who invited and when: nothing about the person
    expect(await pending()).toEqual([
      { telephone: phones.newcomer, inviterName: '用户1001', invitedAt: expect.any(Number) },
      { telephone: phones.alice, inviterName: '用户1001', invitedAt: expect.any(Number) },
    ]);
  });

  it('lets neither a plain member nor an outsider invite, see or revoke pending invitations', async () => {
    for (const token of [member, mallory]) {
      const invite = await h.call('team/inviteByTelephone', { teamId, telephone: phones.bob }, token);
      expect(invite.code).toBe(400);
      expect(['没有权限执行此操作', '你不是该团队的成员']).toContain(invite.msg);
      expect((await h.call('team/pendingInvitations', { teamId }, token)).code).toBe(400);
      expect((await h.call('team/revokeInvitation', { teamId, telephone: phones.alice }, token)).code).toBe(400);
    }
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: phones.bob }, member)).msg).toBe(
      '没有权限执行此操作',
    );
    expect(await pending()).toHaveLength(2);
    expect((await h.call('team/myInvitations', {})).code).toBe(402);
  });

  it('shows the invitee the invitation, and nobody else can accept it', async () => {
    expect((await h.call('team/myInvitations', {}, alice)).data).toEqual([
      {
        teamId: Number(teamId),
        teamName: '邀请测试',
        poster: expect.any(Number),
        inviterName: '用户1001',
        invitedAt: expect.any(Number),
      },
    ]);
    expect((await h.call('team/myInvitations', {}, mallory)).data).toEqual([]);
    const stolen = await h.call('team/acceptInvitation', { teamId }, mallory);
    expect(stolen).toMatchObject({ code: 400, msg: '邀请不存在或已失效', data: null });
    expect((await h.call('team/declineInvitation', { teamId }, mallory)).code).toBe(400);
    expect((await memberIds()).ids).not.toContain(await userIdOf(mallory));
    expect(await pending()).toHaveLength(2);
  });

  it('makes the invitee a member with role member when they accept', async () => {
    expect((await h.call('team/acceptInvitation', { teamId }, alice)).data).toEqual({ teamId: Number(teamId) });
    expect((await h.call('team/teamInfo', { teamId }, alice)).data.myRole).toBe('member');
    expect((await h.call('userInfo/userTeam', {}, alice)).data).toEqual([
      expect.objectContaining({ teamId: Number(teamId), station: 'member' }),
    ]);
    expect((await memberIds()).ids).toContain(await userIdOf(alice));
    expect((await h.call('team/myInvitations', {}, alice)).data).toEqual([]);
    expect((await pending()).map((p: { telephone: string }) => p.telephone)).toEqual([phones.newcomer]);
    // a retried accept is harmless
    expect((await h.call('team/acceptInvitation', { teamId }, alice)).code).toBe(200);
    expect((await h.call('team/teamInfo', { teamId }, owner)).data.memberCount).toBe(3);
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: phones.alice }, owner)).msg).toBe(
      '该用户已是团队成员',
    );
  });

  it('forgets a declined invitation and leaves the invitee outside', async () => {
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: phones.bob }, owner)).data).toEqual({
      invited: true,
    });
    expect((await h.call('team/myInvitations', {}, bob)).data).toHaveLength(1);
    expect((await h.call('team/declineInvitation', { teamId }, bob)).code).toBe(200);
    expect((await h.call('team/myInvitations', {}, bob)).data).toEqual([]);
    expect((await pending()).map((p: { telephone: string }) => p.telephone)).toEqual([phones.newcomer]);
    expect((await h.call('team/acceptInvitation', { teamId }, bob)).msg).toBe('邀请不存在或已失效');
    expect((await h.call('team/teamInfo', { teamId }, bob)).code).toBe(400);
    expect((await memberIds()).ids).not.toContain(await userIdOf(bob));
  });

  it('lets a manager revoke an invitation before it is answered', async () => {
    expect((await h.call('team/revokeInvitation', { teamId, telephone: phones.newcomer }, owner)).code).toBe(200);
    expect(await pending()).toEqual([]);
    expect((await h.call('team/revokeInvitation', { teamId, telephone: phones.newcomer }, owner)).msg).toBe(
      '邀请不存在或已失效',
    );
  });

  it('does not join a number that registers after its invitation; the newcomer accepts', async () => {
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: phones.newcomer }, owner)).code).toBe(200);
    const newcomer = await h.register(phones.newcomer);
    const mine = (await h.call('team/myInvitations', {}, newcomer)).data;
    expect(mine).toEqual([expect.objectContaining({ teamId: Number(teamId), inviterName: '用户1001' })]);
    expect((await h.call('userInfo/userTeam', {}, newcomer)).data).toEqual([]);
    expect((await h.call('team/acceptInvitation', { teamId }, newcomer)).code).toBe(200);
    expect((await h.call('team/teamInfo', { teamId }, newcomer)).data.myRole).toBe('member');
  });
});
