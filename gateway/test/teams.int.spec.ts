import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

describe('teams through the gateway', () => {
  let h: Harness;
  let owner: string;
  let bob: string;
  let outsider: string;
  let teamId: string;
  let bobId: string;
  let ownerId: string;

  beforeAll(async () => {
    h = await startHarness();
    owner = await h.register('13600000001');
    bob = await h.register('13600000002');
    outsider = await h.register('13600000003');
    ownerId = String((await h.call('userInfo/getUserInfo', {}, owner)).data.userId);
    bobId = String((await h.call('userInfo/getUserInfo', {}, bob)).data.userId);
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates a team whose creator is its owner', async () => {
    expect((await h.call('userInfo/teamInitCheck', {}, owner)).data).toMatchObject({ isEmptyTeam: true, teamName: '' });
    const created = await h.call(
      'team/create',
      { teamName: '研发部', sourceProject: '[]', sourceTaskProject: '[]' },
      owner,
    );
    expect(created.code).toBe(200);
    teamId = String(created.data.teamId);
    const info = await h.call('team/teamInfo', { teamId }, owner);
    expect(info.data).toMatchObject({ name: '研发部', myRole: 'owner', memberCount: 1, ownerName: '用户0001' });
    const check = await h.call('userInfo/teamInitCheck', { teamId }, owner);
    expect(check.data).toMatchObject({ isEmptyTeam: false, teamName: '研发部' });
    expect(check.data.teamUserList).toHaveLength(1);
    const me = await h.call('userInfo/getUserInfo', {}, owner);
    expect(me.data.userTeam).toEqual([
      {
        teamId: Number(teamId),
        team: { name: '研发部', poster: expect.any(Number) },
        station: 'owner',
        joinedAt: expect.any(Number),
      },
    ]);
  });

  it('validates team names and template lists', async () => {
    expect((await h.call('team/create', { teamName: '  ' }, owner)).msg).toBe('请输入团队名称');
    expect((await h.call('team/create', { teamName: 'x'.repeat(31) }, owner)).msg).toBe('团队名称最多30个字符');
    expect((await h.call('team/create', { teamName: 'ok', sourceProject: '{bad' }, owner)).msg).toBe(
      '模板参数格式错误',
    );
  });

  it('lets a user join by share code, shows the inviter, and refreshing the code kills old links', async () => {
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    const invitation = await h.call('team/shareIndex', { shareCode, userId: ownerId });
    expect(invitation.data).toMatchObject({
      teamName: '研发部',
      inviterName: '用户0001',
      memberCount: 1,
      alreadyMember: false,
    });
    expect((await h.call('team/shareJoin', { shareCode, userId: ownerId }, bob)).data.teamId).toBe(Number(teamId));
    expect((await h.call('team/shareIndex', { shareCode }, bob)).data.alreadyMember).toBe(true);

    const refreshed = (await h.call('team/refreshShareCode', { teamId }, owner)).data.shareCode;
    expect(refreshed).not.toBe(shareCode);
    expect((await h.call('team/shareIndex', { shareCode })).code).toBe(400);
    expect((await h.call('team/shareJoin', { shareCode }, outsider)).msg).toBe(
      '邀请链接已失效，请联系团队管理员获取新的链接',
    );
  });

  it('lets the owner promote, and a member neither manage nor see full telephones', async () => {
    const asBob = await h.call('team/teamInfo', { teamId }, bob);
    expect(asBob.data.myRole).toBe('member');
    expect((await h.call('team/refreshShareCode', { teamId }, bob)).msg).toBe('没有权限执行此操作');
    expect((await h.call('team/updateTeamUser', { teamId, userId: ownerId, role: 'member' }, bob)).msg).toBe(
      '没有权限执行此操作',
    );
    const list = await h.app.inject({
      method: 'GET',
      url: `/pmbok/admin/teamUsers?teamId=${teamId}`,
      headers: { authorization: bob },
    });
    expect(list.json().map((m: { telephone: string }) => m.telephone)).toEqual(['136****0001', '136****0002']);

    expect((await h.call('team/updateTeamUser', { teamId, userId: bobId, role: 'administrator' }, owner)).code).toBe(
      200,
    );
    expect((await h.call('team/teamInfo', { teamId }, bob)).data.myRole).toBe('administrator');
  });

  it('serves members to react-admin with paging, sorting, search and Content-Range', async () => {
    const get = (query: string) =>
      h.app.inject({
        method: 'GET',
        url: `/pmbok/admin/teamUsers?${query}`,
        headers: { authorization: owner, 'x-team-id': teamId },
      });
    const page = await get(`range=${encodeURIComponent('[0,0]')}&sort=${encodeURIComponent('["joinedAt","DESC"]')}`);
    expect(page.headers['content-range']).toBe('teamUsers 0-0/2');
    expect(page.json()).toEqual([
      expect.objectContaining({ id: Number(bobId), role: 'administrator', telephone: '13600000002' }),
    ]);
    const owners = await get(`filter=${encodeURIComponent('{"role":"owner"}')}`);
    expect(owners.json().map((m: { id: number }) => m.id)).toEqual([Number(ownerId)]);
    const search = await get(`filter=${encodeURIComponent('{"q":"0001"}')}`);
    expect(search.json().map((m: { id: number }) => m.id)).toEqual([Number(ownerId)]);
    expect((await get('filter=%7Bbad')).statusCode).toBe(400);
    const anonymous = await h.app.inject({ method: 'GET', url: `/pmbok/admin/teamUsers?teamId=${teamId}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('transfers ownership; the old owner becomes an administrator and the new owner cannot quit', async () => {
    expect((await h.call('userInfo/quitTeam', { teamId }, owner)).msg).toBe('团队所有者不能退出团队，请先转让团队');
    expect((await h.call('team/changeOwner', { teamId, userId: bobId }, owner)).code).toBe(200);
    expect((await h.call('team/teamInfo', { teamId }, owner)).data).toMatchObject({
      myRole: 'administrator',
      ownerId: Number(bobId),
    });
    expect((await h.call('team/changeOwner', { teamId, userId: ownerId }, owner)).msg).toBe('没有权限执行此操作');
    expect((await h.call('userInfo/quitTeam', { teamId }, bob)).msg).toBe('团队所有者不能退出团队，请先转让团队');
  });

  it('remembers the active team only for members', async () => {
    expect((await h.call('userInfo/setTeamActive', { teamId }, owner)).code).toBe(200);
    expect((await h.call('userInfo/getUserInfo', {}, owner)).data.activeTeamId).toBe(Number(teamId));
    expect((await h.call('userInfo/setTeamActive', { teamId }, outsider)).code).toBe(400);
  });

  it('gives a user of another team nothing on any team call with this team id', async () => {
    await h.call('team/create', { teamName: '别的团队' }, outsider);
    const calls: [string, Record<string, string>][] = [
      ['team/teamInfo', { teamId }],
      ['team/shareInfo', { teamId }],
      ['team/update', { teamId, name: 'hijack' }],
      ['team/refreshShareCode', { teamId }],
      ['team/initTeam', { teamId, teamName: 'hijack' }],
      ['team/inviteByTelephone', { teamId, telephone: '13600000009' }],
      ['team/deleteTeamUser', { teamId, userId: bobId }],
      ['team/changeOwner', { teamId, userId: bobId }],
      ['team/updateTeamUser', { teamId, userId: bobId, role: 'member' }],
      ['userInfo/quitTeam', { teamId }],
      ['userInfo/setTeamActive', { teamId }],
    ];
    for (const [path, body] of calls) {
      const answer = await h.call(path, body, outsider);
      expect([400, 402], `${path} → ${JSON.stringify(answer)}`).toContain(answer.code);
      expect(answer.data).toBeNull();
      expect((await h.call(path, body)).code, `${path} without a token`).toBe(402);
    }
    const rest = await h.app.inject({
      method: 'GET',
      url: `/pmbok/admin/teamUsers?teamId=${teamId}`,
      headers: { authorization: outsider },
    });
    expect(rest.statusCode).toBe(403);
    expect((await h.call('team/teamInfo', { teamId }, owner)).data.name).toBe('研发部');
  });

  it("invites by telephone: the number's owner joins only on accepting (more in invitations.int.spec.ts)", async () => {
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: '13600000003' }, bob)).data).toEqual({
      invited: true,
    });
    expect((await h.call('team/teamInfo', { teamId }, outsider)).code).toBe(400);
    expect((await h.call('team/acceptInvitation', { teamId }, outsider)).code).toBe(200);
    expect((await h.call('team/teamInfo', { teamId }, outsider)).data.myRole).toBe('member');
    expect((await h.call('team/inviteByTelephone', { teamId, telephone: '13600000003' }, bob)).msg).toBe(
      '该用户已是团队成员',
    );
  });

  it('lets the new owner remove the old one, who then sees no team', async () => {
    expect((await h.call('team/deleteTeamUser', { teamId, userId: ownerId }, bob)).code).toBe(200);
    expect((await h.call('userInfo/userTeam', {}, owner)).data).toEqual([]);
    expect((await h.call('team/teamInfo', { teamId }, owner)).code).toBe(400);
  });
});
