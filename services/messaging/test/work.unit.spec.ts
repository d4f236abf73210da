import { describe, expect, it } from 'vitest';
import { workDocs } from '../src/projections/work/index.js';
import { workLog } from './workLog.js';

const OWNER = 1;
const ALICE = 2; // team member, member of the private project and the task project
const BOB = 3; // team member only
const OUTSIDER = 4;

async function world() {
  const log = workLog();
  await log.user(OWNER, '老板');
  await log.user(ALICE, 'alice');
  await log.emit('auth', `user-${ALICE}`, 'ProfileUpdated', { nickname: 'alice', trueName: '爱丽丝' });
  const teamId = await log.team(OWNER, [ALICE, BOB], [ALICE]);
  const privateProject = await log.project(teamId, OWNER, [ALICE], 'members');
  const publicProject = await log.project(teamId, OWNER, [], 'team');
  const folder = await log.node(privateProject, 0, 'folder', '订单');
  const doc = await log.node(privateProject, folder.nodeId, 'api', '下单', { method: 'post', path: '/orders' });
  const page = await log.node(publicProject, 0, 'page', '说明页', { markdown: '# hi' });
  const taskProjectId = await log.taskProject(teamId, OWNER, [ALICE]);
  const { taskId } = await log.task(taskProjectId, OWNER, ALICE, 5_000);
  return { log, teamId, privateProject, publicProject, folder, doc, page, taskProjectId, taskId };
}

describe('the work directory (the other services as the messaging service reads them)', () => {
  it('knows teams, their members and managers, and people by their shown name', async () => {
    const { log, teamId } = await world();
    expect(await log.work.team(teamId)).toEqual({
      teamId,
      name: `团队${teamId}`,
      members: [OWNER, ALICE, BOB],
      managers: [OWNER, ALICE],
    });
    await log.emit('team', `team-${teamId}`, 'MemberLeft', { userId: BOB });
    await log.emit('team', `team-${teamId}`, 'TeamUpdated', { name: '新名字', poster: 0 });
    expect(await log.work.team(teamId)).toMatchObject({ name: '新名字', members: [OWNER, ALICE] });
    expect(await log.work.team(999_999)).toBeNull();
    expect(await log.work.userName(ALICE)).toBe('爱丽丝');
    expect(await log.work.userName(OWNER)).toBe('老板');
    expect(await log.work.userName(77)).toBe('');
  });

  it('knows projects and task projects with members and managers, and which a user belongs to', async () => {
    const { log, teamId, privateProject, taskProjectId } = await world();
    expect(await log.work.project(privateProject)).toEqual({
      teamId,
      name: `项目${privateProject}`,
      members: [OWNER, ALICE],
      managers: [OWNER],
    });
    await log.emit('task', `taskProject-${taskProjectId}`, 'ProjectMemberRoleChanged', {
      userId: ALICE,
      role: 'administrator',
    });
    expect(await log.work.taskProject(taskProjectId)).toMatchObject({
      members: [OWNER, ALICE],
      managers: [OWNER, ALICE],
    });
    expect(await log.work.projectsOf(ALICE, teamId)).toEqual([
      { kind: 'project', id: privateProject, name: `项目${privateProject}` },
      { kind: 'taskProject', id: taskProjectId, name: `任务项目${taskProjectId}` },
    ]);
    expect(await log.work.projectsOf(BOB, teamId)).toEqual([]);
    expect(await log.work.projectsOf(OUTSIDER, teamId)).toEqual([]);
  });

  it('answers a target with its name and console link only to who may see it', async () => {
    const { log, teamId, privateProject, publicProject, folder, doc, page, taskProjectId, taskId } = await world();
    expect(await log.work.target('doc', doc.docId, ALICE)).toEqual({
      kind: 'doc',
      id: doc.docId,
      teamId,
      projectId: privateProject,
      projectKind: 'api',
      projectName: `项目${privateProject}`,
      name: '下单',
      subtitle: 'POST /orders',
      link: `/project/index/${privateProject}?doc=${doc.nodeId}`,
    });
    // A members-only project is hidden from the rest of the team; a team project is read by every member.
    expect(await log.work.target('doc', doc.docId, BOB)).toBeNull();
    expect(await log.work.target('folder', folder.nodeId, BOB)).toBeNull();
    expect(await log.work.target('project', privateProject, BOB)).toBeNull();
    expect(await log.work.target('doc', page.docId, BOB)).toMatchObject({ name: '说明页', subtitle: '' });
    expect(await log.work.target('doc', page.docId, OUTSIDER)).toBeNull();
    expect(await log.work.target('folder', folder.nodeId, ALICE)).toMatchObject({
      name: '订单',
      link: `/project/index/${privateProject}`,
    });
    expect(await log.work.target('project', publicProject, BOB)).toMatchObject({
      name: `项目${publicProject}`,
      link: `/project/index/${publicProject}`,
    });
    expect(await log.work.target('task', taskId, ALICE)).toMatchObject({
      projectId: taskProjectId,
      projectKind: 'task',
      name: '登录页',
      subtitle: '待办',
      link: `/task/home/${taskProjectId}?task=${taskId}`,
    });
    expect(await log.work.target('taskProject', taskProjectId, ALICE)).toMatchObject({
      link: `/task/home/${taskProjectId}`,
    });
    expect(await log.work.target('task', taskId, BOB)).toBeNull();
    expect(await log.work.target('folder', doc.nodeId, ALICE)).toBeNull(); // a document is not a folder
    expect(await log.work.target('task', 123_456, ALICE)).toBeNull();

    // Gone from the team: nothing of it is visible any more.
    await log.emit('team', `team-${teamId}`, 'MemberRemoved', { userId: ALICE });
    expect(await log.work.target('task', taskId, ALICE)).toBeNull();
    expect(await log.work.target('doc', doc.docId, ALICE)).toBeNull();
  });

  it('follows renames, moves and deletions, and records which parts each save changed, once per event', async () => {
    const { log, privateProject, folder, doc } = await world();
    const save = await log.emit('project', `projectDoc-${doc.docId}`, 'DocSaved', {
      version: 2,
      content: { method: 'post', path: '/orders', parameters: [{ in: 'query', name: 'q' }], description: 'x' },
    });
    await log.redeliver('project', save);
    await log.emit('project', `projectTree-${privateProject}`, 'StructureNodeRenamed', {
      nodeId: doc.nodeId,
      docId: doc.docId,
      name: '创建订单',
      changes: [],
    });
    const saved = await workDocs(log.store).findOne({ _id: String(doc.docId) });
    expect(saved?.recent).toEqual([
      { position: save.metadata.globalPosition, changes: ['请求参数', '说明'] },
      { position: save.metadata.globalPosition + 1, changes: ['名称'] },
    ]);
    await log.emit('project', `projectTree-${privateProject}`, 'StructureNodesMoved', {
      moves: [{ nodeId: doc.nodeId, parentId: 0, sort: 1, changes: [] }],
    });
    expect(await log.work.target('doc', doc.docId, ALICE)).toMatchObject({ name: '创建订单' });
    await log.emit('project', `projectTree-${privateProject}`, 'StructureNodesRemoved', {
      nodeId: folder.nodeId,
      removed: [{ nodeId: folder.nodeId, docId: 0, kind: 'folder' }],
    });
    expect(await log.work.target('folder', folder.nodeId, ALICE)).toBeNull();
    await log.emit('project', `projectDoc-${doc.docId}`, 'DocDeleted', { deletedBy: OWNER });
    expect(await log.work.target('doc', doc.docId, ALICE)).toBeNull();
  });
});
