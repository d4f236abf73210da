import { taskv1 } from '@pmbok/proto';
import { type TProperties, Type } from '@sinclair/typebox';
import { type ApiCall, ApiError, type CallContext, defineCall } from '../../plugins/api.js';
import { id, integer, number, optionalId, optionalText, paging, parseIdList, text } from '../../schemas/fields.js';

const { ProjectRole, TaskProjectStatus, TaskStatus } = taskv1;
const roleNames: Record<number, string> = {
  [ProjectRole.PROJECT_ROLE_OWNER]: 'owner',
  [ProjectRole.PROJECT_ROLE_ADMINISTRATOR]: 'administrator',
  [ProjectRole.PROJECT_ROLE_MEMBER]: 'member',
};
const projectStatusNames: Record<number, string> = {
  [TaskProjectStatus.TASK_PROJECT_STATUS_ACTIVE]: 'active',
  [TaskProjectStatus.TASK_PROJECT_STATUS_STOPPED]: 'stopped',
  [TaskProjectStatus.TASK_PROJECT_STATUS_FINISHED]: 'finished',
  [TaskProjectStatus.TASK_PROJECT_STATUS_CLOSED]: 'closed',
};
const taskStatusNames: Record<number, string> = {
  [TaskStatus.TASK_STATUS_TODO]: 'todo',
  [TaskStatus.TASK_STATUS_IN_PROGRESS]: 'in_progress',
  [TaskStatus.TASK_STATUS_PAUSED]: 'paused',
  [TaskStatus.TASK_STATUS_FINISHED]: 'finished',
  [TaskStatus.TASK_STATUS_CANCELLED]: 'cancelled',
  [TaskStatus.TASK_STATUS_CLOSED]: 'closed',
};
const taskStatusOf = (name = '') =>
  Number(Object.entries(taskStatusNames).find(([, n]) => n === name)?.[0] ?? TaskStatus.TASK_STATUS_UNSPECIFIED);

const member = (m: taskv1.ProjectMember) => ({ ...m, role: roleNames[m.role] ?? '' });
export const project = (p: taskv1.TaskProject | undefined) =>
  p && {
    ...p,
    // SPEC §3 names the owner `userId` and the source `parentTaskProjectId`.
    userId: p.ownerId,
    parentTaskProjectId: p.sourceTaskProjectId,
    status: projectStatusNames[p.status] ?? '',
    myRole: roleNames[p.myRole] ?? '',
    members: p.members.map(member),
  };
const task = (t: taskv1.Task | undefined) => t && { ...t, status: taskStatusNames[t.status] ?? '' };

const time = Type.Optional(integer(0, 8_640_000_000_000));
const flag = Type.Optional(Type.String({ pattern: '^(true|false|1|0)?$' }));
const isSet = (value: string | undefined) => value === 'true' || value === '1';
const projectFields = {
  name: optionalText(100),
  description: optionalText(1000),
  logo: optionalText(500),
  poster: Type.Optional(integer(0, 8)),
  beginTime: time,
  endTime: time,
  isTemplate: flag,
};
const note = optionalText(4000);
/** `userIds`: JSON text of a list of user ids, such as `[12,34]`. */
const userIdList = (value: string): number[] => parseIdList(value, () => new ApiError(400, '成员列表格式错误'));
const ok = async (work: Promise<unknown>) => {
  await work;
  return null;
};

type Input<P extends TProperties> = Parameters<ApiCall<P>['handle']>[0];
/** A task call: signed in, `/pmbok/api/task/<call>`. */
const call = <P extends TProperties>(
  name: string,
  fields: P,
  handle: (body: Input<P>, c: CallContext) => Promise<unknown>,
) => defineCall({ module: 'task', call: name, access: 'user', fields, handle });

const inProject = (body: { projectId: string }) => ({ taskProjectId: Number(body.projectId) });
const ofTask = (body: { projectId: string; taskId: string }) => ({ ...inProject(body), taskId: Number(body.taskId) });

/** Status actions on a task: start, stop, cancel, close, finish, each with an optional note. */
const statusCall = (name: string, rpc: 'startTask' | 'stopTask' | 'cancelTask' | 'closeTask' | 'finishTask') =>
  call(name, { projectId: id, taskId: id, content: note }, (b, { services: { task: t }, metadata }) => {
    return ok(t[rpc]({ ...ofTask(b), content: b.content ?? '' }, { metadata }));
  });

/** SPEC §7 Task calls. Project calls take `projectId`; copies answer the new `taskProjectId`. */
export const taskCalls = [
  ...projectCalls(),
  ...memberAndFlowCalls(),
  ...taskCallsProper(),
  statusCall('startTask', 'startTask'),
  statusCall('stopTask', 'stopTask'),
  statusCall('cancelTask', 'cancelTask'),
  statusCall('closeTask', 'closeTask'),
  statusCall('finishTask', 'finishTask'),
];

function projectCalls() {
  const stateCall = (
    name: string,
    rpc:
      | 'starTaskProject'
      | 'unstarTaskProject'
      | 'stopTaskProject'
      | 'finishTaskProject'
      | 'closeTaskProject'
      | 'reopenTaskProject',
  ) =>
    call(name, { projectId: id }, (b, { services: { task: t }, metadata }) => ok(t[rpc](inProject(b), { metadata })));
  return [
    call('newProject', { ...projectFields, name: text(100) }, (b, { services: { task: t }, metadata }) => {
      const { beginTime = 0, endTime = 0, poster = -1 } = b;
      const fields = { description: b.description ?? '', logo: b.logo ?? '', poster, beginTime, endTime };
      return t.createTaskProject({ ...fields, name: b.name, isTemplate: isSet(b.isTemplate) }, { metadata });
    }),
    call('updateProject', { projectId: id, ...projectFields }, (b, { services: { task: t }, metadata }) => {
      // Only the fields sent change; an empty isTemplate leaves the flag as it is.
      const { name, description, logo, poster, beginTime, endTime } = b;
      const isTemplate = b.isTemplate ? isSet(b.isTemplate) : undefined;
      const changes = { name, description, logo, poster, beginTime, endTime, isTemplate };
      return ok(t.updateTaskProject({ ...inProject(b), ...changes }, { metadata }));
    }),
    call('projectDetail', { projectId: id }, async (b, { services: { task: t }, metadata }) => {
      return project((await t.getTaskProject(inProject(b), { metadata })).project);
    }),
    call('userProject', {}, async (_b, { services: { task: t }, metadata }) => {
      return (await t.listMyTaskProjects({}, { metadata })).projects.map(project);
    }),
    call('templateList', { taskProjectId: optionalId }, async (b, { services: { task: t }, metadata }) => {
      const request = { exceptTaskProjectId: Number(b.taskProjectId || 0) };
      return (await t.listTemplates(request, { metadata })).projects.map(project);
    }),
    call(
      'copyProject',
      { taskProjectId: optionalId, sourceTaskProjectId: id },
      (b, { services: { task: t }, metadata }) => {
        return t.copyTaskProject({ sourceTaskProjectId: Number(b.sourceTaskProjectId) }, { metadata });
      },
    ),
    call('createByTemplate', { templateProjectId: id }, (b, { services: { task: t }, metadata }) => {
      return t.createTaskProjectFromTemplate({ templateProjectId: Number(b.templateProjectId) }, { metadata });
    }),
    stateCall('starProject', 'starTaskProject'),
    stateCall('cancelStarProject', 'unstarTaskProject'),
    stateCall('stopTaskProject', 'stopTaskProject'),
    stateCall('finishTaskProject', 'finishTaskProject'),
    stateCall('closeTaskProject', 'closeTaskProject'),
    stateCall('reopenTaskProject', 'reopenTaskProject'),
    call('workHourReport', { projectId: id }, (b, { services: { task: t }, metadata }) => {
      return t.getWorkHourReport(inProject(b), { metadata });
    }),
  ];
}

function memberAndFlowCalls() {
  const role = Type.Union([Type.Literal('administrator'), Type.Literal('member')]);
  return [
    call('projectUser', { projectId: id }, async (b, { services: { task: t }, metadata }) => {
      return (await t.listProjectMembers(inProject(b), { metadata })).members.map(member);
    }),
    call('batchCreateProjectUser', { projectId: id, userIds: text(2000) }, (b, { services: { task: t }, metadata }) => {
      return t.addProjectMembers({ ...inProject(b), userIds: userIdList(b.userIds) }, { metadata });
    }),
    call('updateProjectUser', { projectId: id, userId: id, role }, (b, { services: { task: t }, metadata }) => {
      const projectRole =
        b.role === 'administrator' ? ProjectRole.PROJECT_ROLE_ADMINISTRATOR : ProjectRole.PROJECT_ROLE_MEMBER;
      return ok(
        t.changeProjectMemberRole({ ...inProject(b), userId: Number(b.userId), role: projectRole }, { metadata }),
      );
    }),
    call('deleteOtherProjectUser', { projectId: id, userId: id }, (b, { services: { task: t }, metadata }) => {
      return ok(t.removeProjectMember({ ...inProject(b), userId: Number(b.userId) }, { metadata }));
    }),
    call('createFlow', { projectId: id, name: text(100) }, (b, { services: { task: t }, metadata }) => {
      return t.createFlow({ ...inProject(b), name: b.name }, { metadata });
    }),
    call(
      'updateFlow',
      {
        projectId: id,
        flowId: id,
        name: text(100),
        sort: Type.Optional(integer(0, 10_000)),
      },
      (b, { services: { task: t }, metadata }) => {
        return ok(
          t.updateFlow({ ...inProject(b), flowId: Number(b.flowId), name: b.name, sort: b.sort }, { metadata }),
        );
      },
    ),
    call('deleteFlow', { projectId: id, flowId: id }, (b, { services: { task: t }, metadata }) => {
      return ok(t.deleteFlow({ ...inProject(b), flowId: Number(b.flowId) }, { metadata }));
    }),
    call('projectFlows', { projectId: id }, async (b, { services: { task: t }, metadata }) => {
      return (await t.listFlows(inProject(b), { metadata })).flows;
    }),
  ];
}

function taskCallsProper() {
  const workHour = number(0, 10_000);
  const urgentLevel = integer(0, 2);
  const content = optionalText(20_000);
  return [
    call(
      'newTask',
      {
        projectId: id,
        name: text(200),
        flowId: optionalId,
        userId: optionalId,
        workHour: Type.Optional(workHour),
        urgentLevel: Type.Optional(urgentLevel),
        startTime: time,
        endTime: time,
        content,
      },
      (b, { services: { task: t }, metadata }) => {
        const { workHour: hours = 0, urgentLevel: level = 0, startTime = 0, endTime = 0 } = b;
        const input = { flowId: Number(b.flowId || 0), userId: Number(b.userId || 0), content: b.content ?? '' };
        const request = {
          ...inProject(b),
          ...input,
          name: b.name,
          workHour: hours,
          urgentLevel: level,
          startTime,
          endTime,
        };
        return t.createTask(request, { metadata });
      },
    ),
    call(
      'taskList',
      {
        projectId: id,
        flowId: optionalId,
        userId: optionalId,
        urgentLevel: Type.Optional(Type.String({ pattern: '^[0-2]?$' })),
        status: Type.Optional(Type.String({ pattern: '^(todo|in_progress|paused|finished|cancelled|closed)?$' })),
        sort: optionalText(20),
        ...paging,
      },
      async (b, { services: { task: t }, metadata }) => {
        const answer = await t.listTasks(
          {
            ...inProject(b),
            flowId: Number(b.flowId || 0),
            userId: Number(b.userId || 0),
            urgentLevel: b.urgentLevel ? Number(b.urgentLevel) : undefined,
            status: taskStatusOf(b.status),
            page: b.page ?? 1,
            pageSize: b.pageSize ?? 20,
            sort: b.sort ?? '',
          },
          { metadata },
        );
        return { list: answer.tasks.map(task), total: answer.total, page: answer.page, pageSize: answer.pageSize };
      },
    ),
    call('projectTask', { projectId: id }, async (b, { services: { task: t }, metadata }) => {
      const { columns } = await t.getProjectBoard(inProject(b), { metadata });
      return columns.map((column) => ({ ...column.flow, tasks: column.tasks.map(task) }));
    }),
    call('taskDetail', { projectId: id, taskId: id }, async (b, { services: { task: t }, metadata }) => {
      return task((await t.getTask(ofTask(b), { metadata })).task);
    }),
    call('moveFlow', { projectId: id, taskId: id, flowId: id }, (b, { services: { task: t }, metadata }) => {
      return ok(t.moveTask({ ...ofTask(b), flowId: Number(b.flowId) }, { metadata }));
    }),
    call('updateName', { projectId: id, taskId: id, name: text(200) }, (b, { services: { task: t }, metadata }) => {
      return ok(t.renameTask({ ...ofTask(b), name: b.name }, { metadata }));
    }),
    call('comment', { projectId: id, taskId: id, content: text(4000) }, (b, { services: { task: t }, metadata }) => {
      return t.commentOnTask({ ...ofTask(b), content: b.content }, { metadata });
    }),
    call('taskComments', { projectId: id, taskId: id, ...paging }, async (b, { services: { task: t }, metadata }) => {
      const answer = await t.listTaskComments(
        { ...ofTask(b), page: b.page ?? 1, pageSize: b.pageSize ?? 20 },
        { metadata },
      );
      return { list: answer.comments, total: answer.total, page: answer.page, pageSize: answer.pageSize };
    }),
    call('taskLogs', { projectId: id, taskId: id, ...paging }, async (b, { services: { task: t }, metadata }) => {
      const answer = await t.listTaskLogs(
        { ...ofTask(b), page: b.page ?? 1, pageSize: b.pageSize ?? 20 },
        { metadata },
      );
      return { list: answer.logs, total: answer.total, page: answer.page, pageSize: answer.pageSize };
    }),
    call('transfer', { projectId: id, taskId: id, userId: id }, (b, { services: { task: t }, metadata }) => {
      return ok(t.transferTask({ ...ofTask(b), userId: Number(b.userId) }, { metadata }));
    }),
    call('updateWorkHour', { projectId: id, taskId: id, workHour }, (b, { services: { task: t }, metadata }) => {
      return ok(t.updateTaskWorkHour({ ...ofTask(b), workHour: b.workHour }, { metadata }));
    }),
    call('updateUrgentLevel', { projectId: id, taskId: id, urgentLevel }, (b, { services: { task: t }, metadata }) => {
      return ok(t.updateTaskUrgentLevel({ ...ofTask(b), urgentLevel: b.urgentLevel }, { metadata }));
    }),
    call(
      'updatePreTime',
      { projectId: id, taskId: id, startTime: time, endTime: time },
      (b, { services: { task: t }, metadata }) => {
        const times = { startTime: b.startTime ?? 0, endTime: b.endTime ?? 0 };
        return ok(t.updateTaskPreTime({ ...ofTask(b), ...times }, { metadata }));
      },
    ),
    call(
      'updateContent',
      { projectId: id, taskId: id, content: text(20_000) },
      (b, { services: { task: t }, metadata }) => {
        return ok(t.updateTaskContent({ ...ofTask(b), content: b.content }, { metadata }));
      },
    ),
  ];
}
