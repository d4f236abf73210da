import type { taskv1 } from '@pmbok/proto';
import { type Static, type TProperties, type TSchema, Type } from '@sinclair/typebox';
import { type ApiAnswer, type ApiCall, ApiError, type CallContext, defineCall } from '../../plugins/api.js';
import { id, integer, number, optionalId, optionalText, paging, parseIdList, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/task.js';
import { Nothing } from '../../schemas/wire.js';
import { nameOf, projectRoles, projectStatuses, taskStatuses } from './enums.js';

const member = (m: taskv1.ProjectMember) => ({ ...m, role: nameOf(projectRoles, m.role, 'ProjectRole') });
export const project = (p: taskv1.TaskProject) => ({
  ...p,
  // SPEC §3 names the owner `userId` and the source `parentTaskProjectId`.
  userId: p.ownerId,
  parentTaskProjectId: p.sourceTaskProjectId,
  status: nameOf(projectStatuses, p.status, 'TaskProjectStatus'),
  // Unspecified: the caller is no member (a template of the team).
  myRole: projectRoles.fromProto(p.myRole) ?? ('' as const),
  members: p.members.map(member),
});
/** The answer's own copy of the task (the transport's): its status is named in place rather than the task copied. */
const task = (t: taskv1.Task) =>
  Object.assign(t as Omit<taskv1.Task, 'status'>, { status: nameOf(taskStatuses, t.status, 'TaskStatus') });
const docKinds = ['api', 'page', 'schema'] as const;
const linkedDoc = (d: taskv1.LinkedDoc) => ({
  ...d,
  kind: docKinds.find((kind) => kind === d.kind) ?? ('api' as const),
});

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
/** A task call: signed in, `/pmbok/api/task/<call>`, answering `response`. */
const call = <P extends TProperties, R extends TSchema>(
  name: string,
  fields: P,
  response: R,
  handle: (body: Input<P>, c: CallContext) => Promise<Static<R> | null | undefined | ApiAnswer>,
) => defineCall({ module: 'task', call: name, access: 'user', fields, response, handle });

/**
 * A call's request on a project or on one of its tasks, with the call's own fields assigned to it. Not written as
 * `{ ...inProject(b), more }`: V8 stored each field after such a spread slowly (4 % of a `taskList`; issue 24).
 */
const inProject = <M extends object = object>(body: { projectId: string }, more?: M) =>
  Object.assign({ taskProjectId: Number(body.projectId) }, more) as { taskProjectId: number } & M;
const ofTask = <M extends object = object>(body: { projectId: string; taskId: string }, more?: M) =>
  Object.assign({ taskProjectId: Number(body.projectId), taskId: Number(body.taskId) }, more) as {
    taskProjectId: number;
    taskId: number;
  } & M;

/** Status actions on a task: start, stop, cancel, close, finish, each with an optional note. */
const statusCall = (name: string, rpc: 'startTask' | 'stopTask' | 'cancelTask' | 'closeTask' | 'finishTask') =>
  call(name, { projectId: id, taskId: id, content: note }, Nothing, (b, { services: { task: t }, metadata }) => {
    return ok(t[rpc](ofTask(b, { content: b.content ?? '' }), { metadata }));
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
    call(name, { projectId: id }, Nothing, (b, { services: { task: t }, metadata }) =>
      ok(t[rpc](inProject(b), { metadata })),
    );
  return [
    call(
      'newProject',
      { ...projectFields, name: text(100) },
      answers.ProjectCreated,
      (b, { services: { task: t }, metadata }) => {
        const { beginTime = 0, endTime = 0, poster = -1 } = b;
        const fields = { description: b.description ?? '', logo: b.logo ?? '', poster, beginTime, endTime };
        return t.createTaskProject({ ...fields, name: b.name, isTemplate: isSet(b.isTemplate) }, { metadata });
      },
    ),
    call('updateProject', { projectId: id, ...projectFields }, Nothing, (b, { services: { task: t }, metadata }) => {
      // Only the fields sent change; an empty isTemplate leaves the flag as it is.
      const { name, description, logo, poster, beginTime, endTime } = b;
      const isTemplate = b.isTemplate ? isSet(b.isTemplate) : undefined;
      const changes = { name, description, logo, poster, beginTime, endTime, isTemplate };
      return ok(t.updateTaskProject(inProject(b, changes), { metadata }));
    }),
    call('projectDetail', { projectId: id }, answers.TaskProject, async (b, { services: { task: t }, metadata }) => {
      const { project: found } = await t.getTaskProject(inProject(b), { metadata });
      return found && project(found);
    }),
    call('userProject', {}, Type.Array(answers.TaskProject), async (_b, { services: { task: t }, metadata }) => {
      return (await t.listMyTaskProjects({}, { metadata })).projects.map(project);
    }),
    call(
      'templateList',
      { taskProjectId: optionalId },
      Type.Array(answers.TaskProject),
      async (b, { services: { task: t }, metadata }) => {
        const request = { exceptTaskProjectId: Number(b.taskProjectId || 0) };
        return (await t.listTemplates(request, { metadata })).projects.map(project);
      },
    ),
    call(
      'copyProject',
      { taskProjectId: optionalId, sourceTaskProjectId: id },
      answers.ProjectCreated,
      (b, { services: { task: t }, metadata }) => {
        return t.copyTaskProject({ sourceTaskProjectId: Number(b.sourceTaskProjectId) }, { metadata });
      },
    ),
    call(
      'createByTemplate',
      { templateProjectId: id },
      answers.ProjectCreated,
      (b, { services: { task: t }, metadata }) => {
        return t.createTaskProjectFromTemplate({ templateProjectId: Number(b.templateProjectId) }, { metadata });
      },
    ),
    stateCall('starProject', 'starTaskProject'),
    stateCall('cancelStarProject', 'unstarTaskProject'),
    stateCall('stopTaskProject', 'stopTaskProject'),
    stateCall('finishTaskProject', 'finishTaskProject'),
    stateCall('closeTaskProject', 'closeTaskProject'),
    stateCall('reopenTaskProject', 'reopenTaskProject'),
    call('workHourReport', { projectId: id }, answers.WorkHourReport, (b, { services: { task: t }, metadata }) => {
      return t.getWorkHourReport(inProject(b), { metadata });
    }),
  ];
}

function memberAndFlowCalls() {
  const role = Type.Union([Type.Literal('administrator'), Type.Literal('member')]);
  return [
    call(
      'projectUser',
      { projectId: id },
      Type.Array(answers.ProjectMember),
      async (b, { services: { task: t }, metadata }) => {
        return (await t.listProjectMembers(inProject(b), { metadata })).members.map(member);
      },
    ),
    call(
      'batchCreateProjectUser',
      { projectId: id, userIds: text(2000) },
      answers.MembersAdded,
      (b, { services: { task: t }, metadata }) => {
        return t.addProjectMembers(inProject(b, { userIds: userIdList(b.userIds) }), { metadata });
      },
    ),
    call(
      'updateProjectUser',
      { projectId: id, userId: id, role },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        const request = inProject(b, { userId: Number(b.userId), role: projectRoles.toProto(b.role) });
        return ok(t.changeProjectMemberRole(request, { metadata }));
      },
    ),
    call('deleteOtherProjectUser', { projectId: id, userId: id }, Nothing, (b, { services: { task: t }, metadata }) => {
      return ok(t.removeProjectMember(inProject(b, { userId: Number(b.userId) }), { metadata }));
    }),
    call(
      'createFlow',
      { projectId: id, name: text(100) },
      answers.FlowCreated,
      (b, { services: { task: t }, metadata }) => {
        return t.createFlow(inProject(b, { name: b.name }), { metadata });
      },
    ),
    call(
      'updateFlow',
      {
        projectId: id,
        flowId: id,
        name: text(100),
        sort: Type.Optional(integer(0, 10_000)),
      },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        return ok(t.updateFlow(inProject(b, { flowId: Number(b.flowId), name: b.name, sort: b.sort }), { metadata }));
      },
    ),
    call('deleteFlow', { projectId: id, flowId: id }, Nothing, (b, { services: { task: t }, metadata }) => {
      return ok(t.deleteFlow(inProject(b, { flowId: Number(b.flowId) }), { metadata }));
    }),
    call(
      'projectFlows',
      { projectId: id },
      Type.Array(answers.Flow),
      async (b, { services: { task: t }, metadata }) => {
        return (await t.listFlows(inProject(b), { metadata })).flows;
      },
    ),
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
      answers.TaskCreated,
      (b, { services: { task: t }, metadata }) => {
        const { workHour: hours = 0, urgentLevel: level = 0, startTime = 0, endTime = 0 } = b;
        const input = { flowId: Number(b.flowId || 0), userId: Number(b.userId || 0), content: b.content ?? '' };
        const request = inProject(b, {
          ...input,
          name: b.name,
          workHour: hours,
          urgentLevel: level,
          startTime,
          endTime,
        });
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
        status: Type.Optional(Type.String({ pattern: `^(${taskStatuses.names.join('|')})?$` })),
        sort: optionalText(20),
        ...paging,
      },
      answers.TaskPage,
      async (b, { services: { task: t }, metadata }) => {
        const answer = await t.listTasks(
          inProject(b, {
            flowId: Number(b.flowId || 0),
            userId: Number(b.userId || 0),
            urgentLevel: b.urgentLevel ? Number(b.urgentLevel) : undefined,
            status: taskStatuses.parse(b.status ?? '') ?? 0,
            page: b.page ?? 1,
            pageSize: b.pageSize ?? 20,
            sort: b.sort ?? '',
          }),
          { metadata },
        );
        return { list: answer.tasks.map(task), total: answer.total, page: answer.page, pageSize: answer.pageSize };
      },
    ),
    call(
      'projectTask',
      { projectId: id },
      Type.Array(answers.BoardColumn),
      async (b, { services: { task: t }, metadata }) => {
        const { columns } = await t.getProjectBoard(inProject(b), { metadata });
        return columns.flatMap(({ flow, tasks }) => (flow ? [{ ...flow, tasks: tasks.map(task) }] : []));
      },
    ),
    call(
      'taskDetail',
      { projectId: id, taskId: id },
      answers.TaskDetail,
      async (b, { services: { task: t }, metadata }) => {
        const { task: found, linkedDocs } = await t.getTask(ofTask(b), { metadata });
        return found && { ...task(found), linkedDocs: linkedDocs.map(linkedDoc) };
      },
    ),
    call('moveFlow', { projectId: id, taskId: id, flowId: id }, Nothing, (b, { services: { task: t }, metadata }) => {
      return ok(t.moveTask(ofTask(b, { flowId: Number(b.flowId) }), { metadata }));
    }),
    call(
      'updateName',
      { projectId: id, taskId: id, name: text(200) },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        return ok(t.renameTask(ofTask(b, { name: b.name }), { metadata }));
      },
    ),
    call(
      'comment',
      { projectId: id, taskId: id, content: text(4000) },
      answers.Commented,
      (b, { services: { task: t }, metadata }) => {
        return t.commentOnTask(ofTask(b, { content: b.content }), { metadata });
      },
    ),
    call(
      'taskComments',
      { projectId: id, taskId: id, ...paging },
      answers.CommentPage,
      async (b, { services: { task: t }, metadata }) => {
        const answer = await t.listTaskComments(ofTask(b, { page: b.page ?? 1, pageSize: b.pageSize ?? 20 }), {
          metadata,
        });
        return { list: answer.comments, total: answer.total, page: answer.page, pageSize: answer.pageSize };
      },
    ),
    call(
      'taskLogs',
      { projectId: id, taskId: id, ...paging },
      answers.TaskLogPage,
      async (b, { services: { task: t }, metadata }) => {
        const answer = await t.listTaskLogs(ofTask(b, { page: b.page ?? 1, pageSize: b.pageSize ?? 20 }), { metadata });
        return { list: answer.logs, total: answer.total, page: answer.page, pageSize: answer.pageSize };
      },
    ),
    call('transfer', { projectId: id, taskId: id, userId: id }, Nothing, (b, { services: { task: t }, metadata }) => {
      return ok(t.transferTask(ofTask(b, { userId: Number(b.userId) }), { metadata }));
    }),
    call(
      'updateWorkHour',
      { projectId: id, taskId: id, workHour },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        return ok(t.updateTaskWorkHour(ofTask(b, { workHour: b.workHour }), { metadata }));
      },
    ),
    call(
      'updateUrgentLevel',
      { projectId: id, taskId: id, urgentLevel },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        return ok(t.updateTaskUrgentLevel(ofTask(b, { urgentLevel: b.urgentLevel }), { metadata }));
      },
    ),
    call(
      'updatePreTime',
      { projectId: id, taskId: id, startTime: time, endTime: time },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        const times = { startTime: b.startTime ?? 0, endTime: b.endTime ?? 0 };
        return ok(t.updateTaskPreTime(ofTask(b, times), { metadata }));
      },
    ),
    call(
      'updateContent',
      { projectId: id, taskId: id, content: text(20_000) },
      Nothing,
      (b, { services: { task: t }, metadata }) => {
        return ok(t.updateTaskContent(ofTask(b, { content: b.content }), { metadata }));
      },
    ),
  ];
}
