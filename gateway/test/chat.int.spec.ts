import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from './harness.js';
import { connected, type Inbox, openLive } from './liveSocket.js';

/** The next push with this code (and matching `where`), skipping others (badges, earlier messages) on the way. */
async function nextPush(inbox: Inbox, code: number, where: (data: any) => boolean = () => true): Promise<any> {
  for (;;) {
    const push = await inbox.next();
    if (push.code === code && where(push.data)) return push.data;
  }
}

const NOT_MEMBER = '会话不存在或你不是成员';

describe('team messages: conversations', () => {
  let h: Harness;
  let base = '';
  let teamId = '';
  let projectId = '';
  let otherTeamId = '';
  const people = { owner: '', member: '', bystander: '', outsider: '' };
  const ids = { owner: 0, member: 0, bystander: 0, outsider: 0 };
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });

  const chat = (call: string, body: Record<string, string>, token: string) =>
    h.call(`chat/${call}`, { teamId, ...body }, token);
  const post = async (conversationId: string, content: string, token: string, extra: Record<string, string> = {}) => {
    const answer = await chat('post', { conversationId, content, ...extra }, token);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data;
  };
  const team = () => `team-${teamId}`;
  const project = () => `taskProject-${projectId}`;

  beforeAll(async () => {
    h = await startHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    base = `ws://127.0.0.1:${(h.app.server.address() as { port: number }).port}/pmbok/ws`;
    let n = 0;
    for (const who of Object.keys(people) as (keyof typeof people)[]) {
      people[who] = await h.register(`1370000${String(++n).padStart(4, '0')}`);
      ids[who] = (await h.call('userInfo/getUserInfo', {}, people[who])).data.userId;
    }
    teamId = String(
      (await h.call('team/create', { teamName: '聊天团队', sourceProject: '[]' }, people.owner)).data.teamId,
    );
    otherTeamId = String(
      (await h.call('team/create', { teamName: '别的团队', sourceProject: '[]' }, people.outsider)).data.teamId,
    );
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, people.owner)).data;
    for (const token of [people.member, people.bystander])
      expect((await h.call('team/shareJoin', { shareCode }, token)).code).toBe(200);
    const task = (call: string, body: Record<string, string>) =>
      h.call(`task/${call}`, { teamId, ...body }, people.owner);
    projectId = String((await task('newProject', { name: '聊天项目' })).data.taskProjectId);
    // The task service learns the roster through the bus.
    await eventually(async () => {
      const added = await task('batchCreateProjectUser', { projectId, userIds: JSON.stringify([ids.member]) });
      expect(added.code, added.msg).toBe(200);
    });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('lets two members talk in the team channel, with unread counts and read marks', async () => {
    const first = await post(team(), '大家好', people.owner);
    expect(first).toMatchObject({ conversationId: team(), senderId: ids.owner, content: '大家好', deleted: false });
    const reply = await post(team(), '你好', people.member);
    expect(reply.position).toBeGreaterThan(first.position);
    const page = await chat('messages', { conversationId: team() }, people.member);
    expect(page.data.list.map((m: any) => m.content)).toEqual(['大家好', '你好']);
    expect(page.data.hasMore).toBe(false);

    // The owner has the member's reply unread; their own message moved their read mark.
    const listed = await chat('conversations', {}, people.owner);
    expect(listed.code).toBe(200);
    const channel = listed.data.find((c: any) => c.conversationId === team());
    expect(channel).toMatchObject({ kind: 'team', name: '聊天团队', unreadCount: 1, memberCount: 3 });
    expect(channel.lastMessage).toMatchObject({ content: '你好', senderId: ids.member });
    expect(listed.data[0].conversationId).toBe(team());
    // The badge counts the owner's notifications (members joined) besides the conversations, which are read now.
    const badge = (await chat('read', { conversationId: team() }, people.owner)).data.unReadCount;
    expect((await h.call('message/unread', { teamId }, people.owner)).data).toMatchObject({
      unReadCount: badge,
      conversations: 0,
    });
    const after = (await chat('conversations', {}, people.owner)).data.find((c: any) => c.conversationId === team());
    expect(after).toMatchObject({ unreadCount: 0, readPosition: reply.position });
  });

  it('lets project members talk in the project channel and refuses everyone else the same way', async () => {
    await eventually(async () =>
      expect((await chat('messages', { conversationId: project() }, people.member)).code).toBe(200),
    );
    const sent = await post(project(), '接口联调', people.member);
    const seen = await chat('messages', { conversationId: project() }, people.owner);
    expect(seen.data.list.map((m: any) => m.messageId)).toContain(sent.messageId);
    const listed = (await chat('conversations', {}, people.member)).data.map((c: any) => c.conversationId);
    expect(listed).toEqual([team(), project()]);

    const refusals = [
      chat('messages', { conversationId: project() }, people.bystander), // in the team, not the project
      chat('post', { conversationId: project(), content: '我也说' }, people.bystander),
      chat('messages', { conversationId: team() }, people.outsider), // another team's owner
      // Another team's owner asking from their own team.
      h.call('chat/messages', { teamId: otherTeamId, conversationId: team() }, people.outsider),
      chat('messages', { conversationId: 'team-999999' }, people.member),
      chat('messages', { conversationId: `direct-${ids.owner}-${ids.owner}` }, people.owner),
      chat('messages', { conversationId: 'nonsense' }, people.member),
      chat('edit', { messageId: String(sent.messageId), content: '改' }, people.bystander),
      chat('search', { conversationId: project(), keyword: '接口' }, people.bystander),
    ];
    for (const answer of await Promise.all(refusals))
      expect(answer).toMatchObject({ code: 400, msg: NOT_MEMBER, data: null });
  });

  it('stores a <script> as the text it is and answers it as plain text', async () => {
    const text = '<script>alert("x")</script><img src=x onerror=alert(1)>';
    const sent = await post(team(), text, people.member);
    expect(sent.content).toBe(text);
    const page = await chat('messages', { conversationId: team() }, people.owner);
    expect(page.data.list.at(-1)).toMatchObject({ messageId: sent.messageId, content: text });
  });

  it('checks content, mentions, images and who edits or deletes', async () => {
    const refused = async (call: string, body: Record<string, string>, token: string) =>
      (await chat(call, { conversationId: team(), ...body }, token)).msg;
    expect(await refused('post', { content: '   ' }, people.member)).toBe('请输入消息内容');
    expect(await refused('post', { content: '长'.repeat(5001) }, people.member)).toBe('消息不能超过5000个字符');
    expect(await refused('post', { content: '@', mentionIds: `[${ids.outsider}]` }, people.member)).toBe(
      '只能@本会话的成员',
    );
    expect(await refused('post', { content: '图', images: '["https://evil.example/x.png"]' }, people.member)).toBe(
      '图片地址无效',
    );
    const image = '/pmbok/files/images/1/1700000000000-0b7e2c52-8a4c-4c61-9b1e-2f1d0c9a7e11.png';
    const onlyImage = await post(team(), '', people.member, { images: JSON.stringify([image]) });
    expect(onlyImage).toMatchObject({ content: '', images: [image] });

    const mine = await post(team(), '@老板 看一下', people.member, { mentionIds: `[${ids.owner}]` });
    expect(mine.mentionIds).toEqual([ids.owner]);
    expect((await chat('edit', { messageId: String(mine.messageId), content: '改' }, people.owner)).msg).toBe(
      '只能修改自己的消息',
    );
    const edited = await chat('edit', { messageId: String(mine.messageId), content: '改好了' }, people.member);
    expect(edited.data).toMatchObject({ content: '改好了', edited: true, mentionIds: [] });
    expect((await chat('delete', { messageId: String(mine.messageId) }, people.owner)).msg).toBe('只能修改自己的消息');
    expect((await chat('delete', { messageId: String(mine.messageId) }, people.member)).code).toBe(200);
    const page = await chat('messages', { conversationId: team() }, people.owner);
    expect(page.data.list.find((m: any) => m.messageId === mine.messageId)).toMatchObject({
      deleted: true,
      content: '',
    });
    expect((await chat('edit', { messageId: String(mine.messageId), content: '复活' }, people.member)).msg).toBe(
      '消息已删除',
    );

    const found = await chat('search', { conversationId: team(), keyword: 'SCRIPT' }, people.owner);
    expect(found.data.total).toBe(1);
    expect(found.data.list[0].content).toContain('<script>');
  });

  it('turns a link to a task the sender may see into a card, and not for someone who may not see it', async () => {
    const task = await h.call('task/newTask', { teamId, projectId, name: '登录页联调' }, people.owner);
    expect(task.code, task.msg).toBe(200);
    const link = `https://pmbok.example/task/home/${projectId}?task=${task.data.taskId}`;
    const sent = await post(team(), `看看 ${link} 这个`, people.member);
    // The task reaches the messaging service through the bus: an edit makes the cards again.
    await eventually(async () => {
      const edited = await chat(
        'edit',
        { messageId: String(sent.messageId), content: `看看 ${link} 这个` },
        people.member,
      );
      expect(edited.data.cards).toEqual([
        {
          kind: 'task',
          id: task.data.taskId,
          projectId: Number(projectId),
          title: '登录页联调',
          subtitle: expect.any(String),
          link: `/task/home/${projectId}?task=${task.data.taskId}`,
        },
      ]);
    });
    // The bystander is not in the task's project: the same link stays text.
    const outside = await post(team(), `看看 ${link}`, people.bystander);
    expect(outside.cards).toEqual([]);
  });

  it('tells a member @mentioned in a conversation through the inbox (chat.mention), once', async () => {
    const sent = await post(project(), '请看一下这个接口', people.member, { mentionIds: `[${ids.owner}]` });
    // The owner was @mentioned in the team channel before; this one is the project channel's.
    const told = async () =>
      (await h.call('message/list', { teamId, group: 'chat' }, people.owner)).data.list.filter(
        (n: any) => n.link === `/chat?c=${project()}`,
      );
    await eventually(async () => expect(await told()).toHaveLength(1));
    const [notification] = await told();
    expect(notification).toMatchObject({
      kind: 'chat.mention',
      actorId: ids.member,
      link: `/chat?c=${project()}`,
      summary: '请看一下这个接口',
      projectId: Number(projectId),
      read: false,
    });
    expect(notification.title).toContain('聊天项目');
    // The recipient's sentence as a phrase: the channel is the target.
    expect(notification).toMatchObject({ phrase: 'chat.mention.you', args: { target: '聊天项目' } });
    // The sender is not told of their own mention; editing it in again tells nobody twice.
    expect((await h.call('message/list', { teamId, group: 'chat' }, people.member)).data.total).toBe(0);
    await chat(
      'edit',
      { messageId: String(sent.messageId), content: '再看一下', mentionIds: `[${ids.owner}]` },
      people.member,
    );
    expect(await told()).toHaveLength(1);
  });

  it('catches up after a position with every later message exactly once, also page by page', async () => {
    const mark = await post(team(), '断线前', people.owner);
    const later: number[] = [];
    for (let i = 0; i < 5; i++)
      later.push((await post(team(), `断线后${i}`, i % 2 ? people.owner : people.member)).messageId);
    const all = await chat('messages', { conversationId: team(), afterPosition: String(mark.position) }, people.member);
    expect(all.data.list.map((m: any) => m.messageId)).toEqual(later);
    expect(all.data.hasMore).toBe(false);
    const paged: number[] = [];
    let after = mark.position;
    for (;;) {
      const page = await chat(
        'messages',
        { conversationId: team(), afterPosition: String(after), pageSize: '2' },
        people.member,
      );
      paged.push(...page.data.list.map((m: any) => m.messageId));
      if (!page.data.hasMore) break;
      after = page.data.list.at(-1).position;
    }
    expect(paged).toEqual(later);
    // Backwards from the newest: the page before the last two is the three before them.
    const newest = await chat('messages', { conversationId: team(), pageSize: '2' }, people.member);
    expect(newest.data.list.map((m: any) => m.messageId)).toEqual(later.slice(3));
    const older = await chat(
      'messages',
      { conversationId: team(), pageSize: '3', beforePosition: String(newest.data.list[0].position) },
      people.member,
    );
    expect(older.data.list.map((m: any) => m.messageId)).toEqual(later.slice(0, 3));
    expect(older.data.hasMore).toBe(true);
  });

  it('answers a retried send with its first message (clientId), not a second post', async () => {
    const clientId = `c-${Date.now()}`;
    const first = await post(team(), '只发一次', people.member, { clientId });
    const retried = await post(team(), '只发一次', people.member, { clientId });
    expect(retried.messageId).toBe(first.messageId);
    expect(retried.clientId).toBe(clientId);
    const page = await chat('messages', { conversationId: team() }, people.owner);
    expect(page.data.list.filter((m: any) => m.clientId === clientId)).toHaveLength(1);
  });

  it('refuses the 21st post within 10 s with the flood message', async () => {
    // The bystander posted once in an earlier test, maybe within the same 10 s.
    let accepted = 0;
    let answer = await chat('post', { conversationId: team(), content: '刷屏' }, people.bystander);
    while (answer.code === 200 && accepted < 25) {
      accepted++;
      answer = await chat('post', { conversationId: team(), content: `刷屏${accepted}` }, people.bystander);
    }
    expect(answer).toMatchObject({ code: 400, msg: '发送太频繁，请稍后再试', data: null });
    expect(accepted).toBeGreaterThanOrEqual(19);
    expect(accepted).toBeLessThanOrEqual(20);
  });

  it('pushes messages, typing, read marks and badges live', async () => {
    const memberTab = openLive(`${base}?teamId=${teamId}`, people.member);
    const otherTab = openLive(`${base}?teamId=${teamId}`, people.member);
    const ownerTab = openLive(`${base}?teamId=${teamId}`, people.owner);
    for (const tab of [memberTab, otherTab, ownerTab]) await connected(tab);

    const sent = await post(team(), '实时消息', people.owner);
    const pushed = await nextPush(memberTab, 200500, (d) => d.message.messageId === sent.messageId);
    expect(pushed).toEqual({ teamId: Number(teamId), conversationId: team(), event: 'posted', message: sent });
    const badge = await nextPush(memberTab, 200201);
    expect(badge.teamId).toBe(Number(teamId));
    expect(badge.unReadCount).toBeGreaterThan(0);

    const inProject = await post(project(), '项目里的实时消息', people.owner);
    expect((await nextPush(memberTab, 200500, (d) => d.conversationId === project())).message.messageId).toBe(
      inProject.messageId,
    );

    expect((await chat('typing', { conversationId: project() }, people.owner)).code).toBe(200);
    expect(await nextPush(memberTab, 200501)).toEqual({
      teamId: Number(teamId),
      conversationId: project(),
      userId: ids.owner,
      name: expect.any(String),
    });

    const read = await chat('read', { conversationId: project() }, people.member);
    expect(read.code).toBe(200);
    expect(await nextPush(otherTab, 200502)).toEqual({
      teamId: Number(teamId),
      conversationId: project(),
      readPosition: inProject.position,
      unreadCount: 0,
    });

    await chat('edit', { messageId: String(sent.messageId), content: '改过的实时消息' }, people.owner);
    const edit = await nextPush(memberTab, 200500, (d) => d.event === 'edited');
    expect(edit.message).toMatchObject({ messageId: sent.messageId, content: '改过的实时消息', edited: true });
    for (const tab of [memberTab, otherTab, ownerTab]) await tab.close();
  });

  it('opens direct conversations between two members of the team only', async () => {
    const direct = await chat('direct', { userId: String(ids.owner) }, people.member);
    const id = `direct-${Math.min(ids.owner, ids.member)}-${Math.max(ids.owner, ids.member)}`;
    expect(direct.data).toMatchObject({ conversationId: id, kind: 'direct', peerUserId: ids.owner, lastMessage: null });
    await post(id, '私聊', people.member);
    expect((await chat('messages', { conversationId: id }, people.owner)).data.list).toHaveLength(1);
    expect((await chat('messages', { conversationId: id }, people.bystander)).msg).toBe(NOT_MEMBER);
    expect((await chat('direct', { userId: String(ids.outsider) }, people.member)).msg).toBe(NOT_MEMBER);
    const listed = (await chat('conversations', {}, people.owner)).data;
    expect(listed.at(-1)).toMatchObject({ conversationId: id, kind: 'direct', unreadCount: 1 });
  });

  it('no longer lets someone who left the project read its channel', async () => {
    const removed = await h.call(
      'task/deleteOtherProjectUser',
      { teamId, projectId, userId: String(ids.member) },
      people.owner,
    );
    expect(removed.code, removed.msg).toBe(200);
    await eventually(async () =>
      expect(await chat('messages', { conversationId: project() }, people.member)).toMatchObject({
        code: 400,
        msg: NOT_MEMBER,
      }),
    );
    expect((await chat('post', { conversationId: project(), content: '还在吗' }, people.member)).msg).toBe(NOT_MEMBER);
    const listed = (await chat('conversations', {}, people.member)).data.map((c: any) => c.conversationId);
    expect(listed).not.toContain(project());
  });

  it('no longer lets someone removed from the team read the team channel or their direct conversations', async () => {
    const direct = `direct-${Math.min(ids.owner, ids.bystander)}-${Math.max(ids.owner, ids.bystander)}`;
    await post(direct, '在吗', people.owner);
    const removed = await h.call('team/deleteTeamUser', { teamId, userId: String(ids.bystander) }, people.owner);
    expect(removed.code, removed.msg).toBe(200);
    await eventually(async () =>
      expect(await chat('messages', { conversationId: team() }, people.bystander)).toMatchObject({
        code: 400,
        msg: NOT_MEMBER,
      }),
    );
    expect((await chat('messages', { conversationId: direct }, people.bystander)).msg).toBe(NOT_MEMBER);
    // The owner keeps the conversation's record but cannot write to someone no longer in the team.
    expect((await chat('post', { conversationId: direct, content: '还在吗' }, people.owner)).msg).toBe(NOT_MEMBER);
    const listed = (await chat('conversations', {}, people.owner)).data.map((c: any) => c.conversationId);
    expect(listed).not.toContain(direct);
  });
});
