import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/**
 * Issue 15's links seen from the task: a document links a task in the project service, the task service learns of
 * it from the project topic, and the task's detail lists the documents the caller may see.
 */
describe('a task’s linked documents', () => {
  let h: Harness;
  let owner: string;
  let docMember: string;
  let taskOnly: string;
  let teamId: string;
  let projectId: string;
  let taskProjectId: string;
  let taskId: string;
  let apiId: string;
  let pageId: string;

  const knowledge = (token: string, path: string, body: Record<string, string> = {}) =>
    h.call(`project/${path}`, { teamId, projectId, ...body }, token);
  const linkedDocs = async (token: string) => {
    const answer = await h.call('task/taskDetail', { teamId, projectId: taskProjectId, taskId }, token);
    expect(answer.code, answer.msg).toBe(200);
    return answer.data.linkedDocs as Record<string, unknown>[];
  };
  /** The task service learns of links through the bus: wait until what it lists satisfies `check`. */
  const eventually = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 10_000, interval: 50 });
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);

  beforeAll(async () => {
    h = await startHarness();
    [owner, docMember, taskOnly] = (await Promise.all([1, 2, 3].map((n) => h.register(`1372100000${n}`)))) as [
      string,
      string,
      string,
    ];
    teamId = String((await h.call('team/create', { teamName: '联动组' }, owner)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [docMember, taskOnly]) {
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    }
    const [docMemberId, taskOnlyId] = [await userIdOf(docMember), await userIdOf(taskOnly)];

    projectId = String((await knowledge(owner, 'create', { name: '订单接口', privateType: 'members' })).data.projectId);
    const added = await knowledge(owner, 'batchCreateProjectUser', { userIds: `[${docMemberId}]`, role: 'viewer' });
    expect(added.code, added.msg).toBe(200);
    const api = { kind: 'api', name: '支付订单', method: 'post', path: '/orders/{orderId}/pay' };
    apiId = String((await knowledge(owner, 'addStructure', api)).data.projectStructureId);
    pageId = String(
      (await knowledge(owner, 'addStructure', { kind: 'page', name: '对接说明' })).data.projectStructureId,
    );

    taskProjectId = String((await h.call('task/newProject', { teamId, name: '支付迭代' }, owner)).data.taskProjectId);
    const members = { teamId, projectId: taskProjectId, userIds: `[${docMemberId},${taskOnlyId}]` };
    expect((await h.call('task/batchCreateProjectUser', members, owner)).code).toBe(200);
    const task = await h.call('task/newTask', { teamId, projectId: taskProjectId, name: '实现支付接口' }, owner);
    taskId = String(task.data.taskId);
  });
  afterAll(async () => {
    await h.close();
  });

  it('lists a linked document to members of its knowledge project only', async () => {
    expect(await linkedDocs(owner)).toEqual([]);
    for (const node of [apiId, pageId]) {
      const linked = await knowledge(owner, 'linkTask', { projectStructureId: node, taskProjectId, taskId });
      expect(linked.code, linked.msg).toBe(200);
    }
    const api = {
      projectId: Number(projectId),
      projectName: '订单接口',
      projectStructureId: Number(apiId),
      kind: 'api',
      name: '支付订单',
      method: 'POST',
      path: '/orders/{orderId}/pay',
    };
    const page = { projectStructureId: Number(pageId), kind: 'page', name: '对接说明', method: '', path: '' };
    const both = [expect.objectContaining(api), expect.objectContaining(page)];
    await eventually(async () => expect(await linkedDocs(owner)).toEqual(both));
    expect(await linkedDocs(docMember)).toEqual(both);
    // A member of the task who cannot see the members-only knowledge project learns nothing of its documents.
    expect(await linkedDocs(taskOnly)).toEqual([]);

    // Opened to the whole team, the project's documents show to every team member on the task.
    expect((await knowledge(owner, 'update', { privateType: 'team' })).code).toBe(200);
    await eventually(async () => expect(await linkedDocs(taskOnly)).toEqual(both));
    expect((await knowledge(owner, 'update', { privateType: 'members' })).code).toBe(200);
    await eventually(async () => expect(await linkedDocs(taskOnly)).toEqual([]));
  });

  it('follows renames, unlinks and deletions', async () => {
    const renamed = await knowledge(owner, 'updateStructure', { projectStructureId: apiId, name: '支付一笔订单' });
    expect(renamed.code, renamed.msg).toBe(200);
    await eventually(async () =>
      expect((await linkedDocs(docMember)).map((doc) => doc.name)).toEqual(['支付一笔订单', '对接说明']),
    );

    const unlinked = await knowledge(owner, 'unlinkTask', { projectStructureId: pageId, taskProjectId, taskId });
    expect(unlinked.code, unlinked.msg).toBe(200);
    await eventually(async () =>
      expect((await linkedDocs(docMember)).map((doc) => doc.projectStructureId)).toEqual([Number(apiId)]),
    );

    expect((await knowledge(owner, 'deleteStructure', { projectStructureId: apiId })).code).toBe(200);
    await eventually(async () => expect(await linkedDocs(docMember)).toEqual([]));
    expect(await linkedDocs(owner)).toEqual([]);
  });
});
