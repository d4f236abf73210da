import { type Doc, documentProjection, type IndexSpec, ownLog, readModel } from '@pmbok/infra';
import type {
  FlowData,
  ProjectFields,
  ProjectRole,
  ProjectStatus,
  TaskProjectEvent,
} from '../../domain/taskProject/taskProject.js';

export interface ProjectMemberEntry {
  userId: number;
  role: ProjectRole;
  joinedAt: number;
}

export interface TaskProjectDoc extends Doc, ProjectFields {
  taskProjectId: number;
  teamId: number;
  ownerId: number;
  sourceTaskProjectId: number;
  status: ProjectStatus;
  members: ProjectMemberEntry[];
  flows: FlowData[];
  /** Users who starred the project. */
  stars: number[];
  createdAt: number;
  updatedAt: number;
}

const indexes: IndexSpec[] = [{ fields: { teamId: 1 } }, { fields: { 'members.userId': 1 } }];
export const taskProjects = readModel<TaskProjectDoc>('taskProjects', indexes);

type Dated = { metadata: { at: number } };

/** A change to an existing project; `touches` false for what is not a change to the project itself (a star). */
const change =
  <R extends Dated>(apply: (doc: TaskProjectDoc, event: R) => TaskProjectDoc, touches = true) =>
  (event: R, doc: TaskProjectDoc | null) =>
    doc && { ...apply(doc, event), updatedAt: touches ? event.metadata.at : doc.updatedAt };

const toStatus = (status: ProjectStatus) => change((doc) => ({ ...doc, status }));
const putFlow = change((doc, { data }: { data: FlowData } & Dated) => ({
  ...doc,
  flows: [...doc.flows.filter((f) => f.flowId !== data.flowId), data],
}));

export const taskProjectsProjection = documentProjection({
  source: ownLog<TaskProjectEvent>(),
  collection: taskProjects,
  stream: 'taskProject',
  on: {
    TaskProjectCreated: ({ data, metadata: { at } }) => ({
      ...data,
      status: 'active' as const,
      members: [],
      stars: [],
      createdAt: at,
      updatedAt: at,
    }),
    TaskProjectUpdated: change((doc, { data }) => ({ ...doc, ...data })),
    ProjectMemberAdded: change((doc, { data, metadata }) =>
      doc.members.some((m) => m.userId === data.userId)
        ? doc
        : { ...doc, members: [...doc.members, { ...data, joinedAt: metadata.at }] },
    ),
    ProjectMemberRoleChanged: change((doc, { data }) => ({
      ...doc,
      members: doc.members.map((m) => (m.userId === data.userId ? { ...m, role: data.role } : m)),
    })),
    ProjectMemberRemoved: change((doc, { data }) => ({
      ...doc,
      members: doc.members.filter((m) => m.userId !== data.userId),
    })),
    TaskProjectStarred: change(
      (doc, { data }) => ({ ...doc, stars: [...doc.stars.filter((id) => id !== data.userId), data.userId] }),
      false,
    ),
    TaskProjectUnstarred: change(
      (doc, { data }) => ({ ...doc, stars: doc.stars.filter((id) => id !== data.userId) }),
      false,
    ),
    TaskProjectStopped: toStatus('stopped'),
    TaskProjectFinished: toStatus('finished'),
    TaskProjectClosed: toStatus('closed'),
    TaskProjectReopened: toStatus('active'),
    FlowCreated: putFlow,
    FlowUpdated: putFlow,
    FlowDeleted: change((doc, { data }) => ({ ...doc, flows: doc.flows.filter((f) => f.flowId !== data.flowId) })),
  },
});
