import { Type } from '@sinclair/typebox';
import { oneOf, page } from './wire.js';

/** Answers of the task calls (SPEC §7 Task). */

const projectRoles = ['owner', 'administrator', 'member'] as const;
export const ProjectRole = oneOf(...projectRoles);
export const ProjectStatus = oneOf('active', 'stopped', 'finished', 'closed');
export const TaskStatus = oneOf('todo', 'in_progress', 'paused', 'finished', 'cancelled', 'closed');

export const Flow = Type.Object({
  flowId: Type.Integer(),
  name: Type.String(),
  sort: Type.Integer(),
  taskCount: Type.Integer(),
});

export const ProjectMember = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  role: ProjectRole,
  joinedAt: Type.Integer(),
});

/** `task/projectDetail`, `task/userProject`, `task/templateList`, templates of `userInfo/teamInitCheck`. */
export const TaskProject = Type.Object({
  taskProjectId: Type.Integer(),
  teamId: Type.Integer(),
  ownerId: Type.Integer(),
  /** SPEC §3's name of the owner. */
  userId: Type.Integer(),
  ownerName: Type.String(),
  name: Type.String(),
  description: Type.String(),
  logo: Type.String(),
  poster: Type.Integer(),
  beginTime: Type.Integer(),
  endTime: Type.Integer(),
  isTemplate: Type.Boolean(),
  sourceTaskProjectId: Type.Integer(),
  /** SPEC §3's name of the source. */
  parentTaskProjectId: Type.Integer(),
  status: ProjectStatus,
  isStar: Type.Boolean(),
  /** Empty when the caller is no member (a template of the team). */
  myRole: oneOf(...projectRoles, ''),
  flows: Type.Array(Flow),
  members: Type.Array(ProjectMember),
  taskCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

/** A new or copied project. */
export const ProjectCreated = Type.Object({ taskProjectId: Type.Integer() });

export const Task = Type.Object({
  taskId: Type.Integer(),
  projectId: Type.Integer(),
  name: Type.String(),
  flowId: Type.Integer(),
  flowName: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  creatorId: Type.Integer(),
  creatorName: Type.String(),
  workHour: Type.Number(),
  spentHours: Type.Number(),
  urgentLevel: Type.Integer(),
  startTime: Type.Integer(),
  endTime: Type.Integer(),
  status: TaskStatus,
  content: Type.String(),
  commentCount: Type.Integer(),
  createdAt: Type.Integer(),
  updatedAt: Type.Integer(),
});

/** A knowledge document linked to the task (project/linkTask), shown to those who may see its project. */
export const LinkedDoc = Type.Object({
  projectId: Type.Integer(),
  projectName: Type.String(),
  projectStructureId: Type.Integer(),
  projectDocId: Type.Integer(),
  kind: oneOf('api', 'page', 'schema'),
  name: Type.String(),
  /** An API document's method and path; empty for pages and schemas. */
  method: Type.String(),
  path: Type.String(),
});

/** `task/taskDetail`: the task and the linked documents the caller may see. */
export const TaskDetail = Type.Composite([Task, Type.Object({ linkedDocs: Type.Array(LinkedDoc) })]);

/** `task/projectTask`: one column per flow, its tasks oldest first. */
export const BoardColumn = Type.Composite([Flow, Type.Object({ tasks: Type.Array(Task) })]);

export const Comment = Type.Object({
  commentId: Type.Integer(),
  userId: Type.Integer(),
  userName: Type.String(),
  content: Type.String(),
  createdAt: Type.Integer(),
});

export const TaskLog = Type.Object({
  type: Type.String(),
  content: Type.String(),
  userId: Type.Integer(),
  userName: Type.String(),
  createdAt: Type.Integer(),
  note: Type.String(),
});

export const TaskPage = page(Task);
export const CommentPage = page(Comment);
export const TaskLogPage = page(TaskLog);

export const MemberWorkHours = Type.Object({
  userId: Type.Integer(),
  name: Type.String(),
  taskCount: Type.Integer(),
  estimatedHours: Type.Number(),
  spentHours: Type.Number(),
});

export const WorkHourReport = Type.Object({
  members: Type.Array(MemberWorkHours),
  estimatedHours: Type.Number(),
  spentHours: Type.Number(),
  taskCount: Type.Integer(),
});

export const MembersAdded = Type.Object({ added: Type.Integer() });
export const FlowCreated = Type.Object({ flowId: Type.Integer() });
export const TaskCreated = Type.Object({ taskId: Type.Integer() });
export const Commented = Type.Object({ commentId: Type.Integer() });
