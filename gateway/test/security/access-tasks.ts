import type { Access, AccessContext } from './access.js';

const project = ({ w }: AccessContext) => ({ projectId: w.projectId });
const task = ({ w }: AccessContext) => ({ projectId: w.projectId, taskId: w.taskId });
/** A row acting on the project P as a whole or on its task. */
const onProject = (least: Access['least'], fresh = false): Access => ({ least, body: project, fresh });
const onTask = (least: Access['least'], extra: (c: AccessContext) => Record<string, string> = () => ({})) => ({
  least,
  body: (c: AccessContext) => ({ ...task(c), ...extra(c) }),
});
/** A status change of the task: it runs on a world of its own, so the other rows find the task as it was. */
const taskStatus = (least: Access['least']): Access => ({ ...onTask(least), fresh: true });

/** Task projects (P in team T), their members and flows, and the task in P. */
export const taskAccess: Record<string, Access> = {
  'task/newProject': { least: 'teamMember', body: () => ({ name: '新项目' }) },
  'task/updateProject': { least: 'admin', body: ({ w }) => ({ projectId: w.projectId, name: w.projectName }) },
  'task/projectDetail': onProject('projectMember'),
  // The caller's projects in the team the request names.
  'task/userProject': { least: 'teamMember', body: () => ({}) },
  'task/templateList': { least: 'teamMember', body: () => ({}) },
  'task/copyProject': { least: 'projectMember', body: ({ w }) => ({ sourceTaskProjectId: w.projectId }) },
  'task/createByTemplate': { least: 'teamMember', body: ({ w }) => ({ templateProjectId: w.templateId }) },
  'task/starProject': onProject('projectMember'),
  'task/cancelStarProject': onProject('projectMember'),
  'task/stopTaskProject': onProject('admin', true),
  'task/finishTaskProject': onProject('admin', true),
  'task/closeTaskProject': onProject('admin', true),
  'task/reopenTaskProject': {
    least: 'owner',
    fresh: true,
    async body({ h, w, a }) {
      const stopped = await h.call('task/stopTaskProject', { teamId: w.teamId, projectId: w.projectId }, a.owner.token);
      if (stopped.code !== 200 && stopped.msg !== '项目已暂停') throw new Error(`stop: ${stopped.msg}`);
      return { projectId: w.projectId };
    },
  },
  'task/workHourReport': onProject('projectMember'),

  'task/projectUser': onProject('projectMember'),
  'task/batchCreateProjectUser': {
    least: 'admin',
    body: ({ w, a }) => ({ projectId: w.projectId, userIds: `[${a.teamMember.userId}]` }),
    fresh: true,
  },
  'task/updateProjectUser': {
    least: 'owner',
    body: ({ w, a }) => ({ projectId: w.projectId, userId: a.projectMember.userId, role: 'member' }),
  },
  'task/deleteOtherProjectUser': {
    least: 'admin',
    body: ({ w, a }) => ({ projectId: w.projectId, userId: a.projectMember.userId }),
    fresh: true,
  },
  'task/createFlow': {
    least: 'admin',
    body: ({ w }) => ({ projectId: w.projectId, name: `新阶段${Date.now() % 1e6}` }),
  },
  'task/updateFlow': {
    least: 'admin',
    body: ({ w }) => ({ projectId: w.projectId, flowId: w.otherFlowId, name: w.otherFlowName }),
  },
  'task/deleteFlow': {
    least: 'admin',
    body: ({ w }) => ({ projectId: w.projectId, flowId: w.otherFlowId }),
    fresh: true,
  },
  'task/projectFlows': onProject('projectMember'),

  'task/newTask': { least: 'projectMember', body: ({ w }) => ({ projectId: w.projectId, name: '新任务' }) },
  'task/taskList': onProject('projectMember'),
  'task/projectTask': onProject('projectMember'),
  'task/taskDetail': onTask('projectMember'),
  'task/moveFlow': onTask('projectMember', ({ w }) => ({ flowId: w.flowId })),
  'task/updateName': onTask('projectMember', ({ w }) => ({ name: w.taskName })),
  'task/comment': onTask('projectMember', () => ({ content: '评论' })),
  'task/taskComments': onTask('projectMember'),
  'task/taskLogs': onTask('projectMember'),
  'task/transfer': onTask('projectMember', ({ a }) => ({ userId: a.owner.userId })),
  'task/updateWorkHour': onTask('projectMember', () => ({ workHour: '2' })),
  'task/updateUrgentLevel': onTask('projectMember', () => ({ urgentLevel: '1' })),
  'task/updatePreTime': onTask('projectMember', () => ({ startTime: '0', endTime: '0' })),
  'task/updateContent': onTask('projectMember', () => ({ content: '<p>内容</p>' })),
  'task/startTask': taskStatus('projectMember'),
  'task/stopTask': {
    least: 'projectMember',
    fresh: true,
    async body(c) {
      const started = await c.h.call('task/startTask', { teamId: c.w.teamId, ...task(c) }, c.a.owner.token);
      if (started.code !== 200 && !started.msg.includes('进行中')) throw new Error(`start: ${started.msg}`);
      return task(c);
    },
  },
  'task/cancelTask': taskStatus('projectMember'),
  'task/closeTask': taskStatus('projectMember'),
  'task/finishTask': taskStatus('projectMember'),
};
