import { enumCodec, invalid, signedInCaller } from '@pmbok/infra';
import { taskv1 } from '@pmbok/proto';
import type { TaskUseCases } from './application/index.js';
import type { ProjectView, TaskView } from './application/views.js';
import { mineCalls } from './grpcMine.js';

const roles = enumCodec(taskv1.ProjectRole, 'PROJECT_ROLE_');
const projectStatuses = enumCodec(taskv1.TaskProjectStatus, 'TASK_PROJECT_STATUS_');
const taskStatuses = enumCodec(taskv1.TaskStatus, 'TASK_STATUS_');

const members = (list: ProjectView['members']) => list.map((m) => ({ ...m, role: roles.toProto(m.role) }));
const project = (view: ProjectView) => ({
  ...view,
  status: projectStatuses.toProto(view.status),
  myRole: view.myRole ? roles.toProto(view.myRole) : taskv1.ProjectRole.PROJECT_ROLE_UNSPECIFIED,
  members: members(view.members),
});
/** The view is this call's own object: its status is set in place rather than the view copied (issue 24). */
const task = (view: TaskView) =>
  Object.assign(view as Omit<TaskView, 'status'>, { status: taskStatuses.toProto(view.status) });
const done = async (work: Promise<unknown>) => {
  await work;
  return {};
};

/** Requests in, use cases called, responses out. The caller comes from the metadata the gateway sets. */
export function taskServiceImplementation(useCases: TaskUseCases): Omit<taskv1.TaskServiceImplementation, 'getStatus'> {
  const { projects, templates, flows, tasks, queries } = useCases;
  const team = useCases.members;
  const who = signedInCaller;
  return {
    ...mineCalls(useCases),
    createTaskProject: (r, c) => projects.create(r, who(c)),
    updateTaskProject: ({ taskProjectId, ...changes }, c) => done(projects.update(taskProjectId, changes, who(c))),
    getTaskProject: async (r, c) => ({ project: project(await projects.detail(r.taskProjectId, who(c))) }),
    listMyTaskProjects: async (_r, c) => ({ projects: (await projects.mine(who(c))).map(project) }),
    listTemplates: async (r, c) => ({
      projects: (await templates.list(r.exceptTaskProjectId, who(c))).map(project),
    }),
    copyTaskProject: (r, c) => templates.copy(r.sourceTaskProjectId, who(c)),
    createTaskProjectFromTemplate: (r, c) => templates.createByTemplate(r.templateProjectId, who(c)),
    starTaskProject: (r, c) => done(projects.star(r.taskProjectId, true, who(c))),
    unstarTaskProject: (r, c) => done(projects.star(r.taskProjectId, false, who(c))),
    stopTaskProject: (r, c) => done(projects.stop(r.taskProjectId, who(c))),
    finishTaskProject: (r, c) => done(projects.finish(r.taskProjectId, who(c))),
    closeTaskProject: (r, c) => done(projects.close(r.taskProjectId, who(c))),
    reopenTaskProject: (r, c) => done(projects.reopen(r.taskProjectId, who(c))),

    listProjectMembers: async (r, c) => ({ members: members(await team.list(r.taskProjectId, who(c))) }),
    addProjectMembers: (r, c) => team.add(r.taskProjectId, r.userIds, who(c)),
    changeProjectMemberRole: (r, c) => {
      const role = roles.fromProto(r.role);
      if (role !== 'administrator' && role !== 'member') throw invalid('角色只能是管理员或成员');
      return done(team.changeRole(r.taskProjectId, r.userId, role, who(c)));
    },
    removeProjectMember: (r, c) => done(team.remove(r.taskProjectId, r.userId, who(c))),

    createFlow: (r, c) => flows.create(r.taskProjectId, r.name, who(c)),
    updateFlow: (r, c) => done(flows.update(r.taskProjectId, r.flowId, r.name, r.sort, who(c))),
    deleteFlow: (r, c) => done(flows.remove(r.taskProjectId, r.flowId, who(c))),
    listFlows: async (r, c) => ({ flows: await flows.list(r.taskProjectId, who(c)) }),

    createTask: ({ taskProjectId, ...input }, c) => tasks.create(taskProjectId, input, who(c)),
    listTasks: async ({ taskProjectId, status, ...filter }, c) => {
      const answer = await queries.list(taskProjectId, { ...filter, status: taskStatuses.fromProto(status) }, who(c));
      return { ...answer, tasks: answer.tasks.map(task) };
    },
    getProjectBoard: async (r, c) => ({
      columns: (await queries.board(r.taskProjectId, who(c))).map((column) => ({
        flow: column.flow,
        tasks: column.tasks.map(task),
      })),
    }),
    getTask: async (r, c) => {
      const detail = await queries.detail(r.taskProjectId, r.taskId, who(c));
      return { task: task(detail.task), linkedDocs: detail.linkedDocs };
    },
    moveTask: (r, c) => done(tasks.move(r.taskProjectId, r.taskId, r.flowId, who(c))),
    renameTask: (r, c) => done(tasks.rename(r.taskProjectId, r.taskId, r.name, who(c))),
    startTask: (r, c) => done(tasks.changeStatus(r.taskProjectId, r.taskId, 'start', r.content, who(c))),
    stopTask: (r, c) => done(tasks.changeStatus(r.taskProjectId, r.taskId, 'stop', r.content, who(c))),
    cancelTask: (r, c) => done(tasks.changeStatus(r.taskProjectId, r.taskId, 'cancel', r.content, who(c))),
    closeTask: (r, c) => done(tasks.changeStatus(r.taskProjectId, r.taskId, 'close', r.content, who(c))),
    finishTask: (r, c) => done(tasks.changeStatus(r.taskProjectId, r.taskId, 'finish', r.content, who(c))),
    commentOnTask: (r, c) => tasks.comment(r.taskProjectId, r.taskId, r.content, who(c)),
    listTaskComments: (r, c) => queries.comments(r.taskProjectId, r.taskId, r.page, r.pageSize, who(c)),
    listTaskLogs: (r, c) => queries.logs(r.taskProjectId, r.taskId, r.page, r.pageSize, who(c)),
    transferTask: (r, c) => done(tasks.transfer(r.taskProjectId, r.taskId, r.userId, who(c))),
    updateTaskWorkHour: (r, c) => done(tasks.updateWorkHour(r.taskProjectId, r.taskId, r.workHour, who(c))),
    updateTaskUrgentLevel: (r, c) => done(tasks.updateUrgentLevel(r.taskProjectId, r.taskId, r.urgentLevel, who(c))),
    updateTaskPreTime: (r, c) => done(tasks.updatePreTime(r.taskProjectId, r.taskId, r.startTime, r.endTime, who(c))),
    updateTaskContent: (r, c) => done(tasks.updateContent(r.taskProjectId, r.taskId, r.content, who(c))),
    getWorkHourReport: (r, c) => queries.workHourReport(r.taskProjectId, who(c)),
  };
}
