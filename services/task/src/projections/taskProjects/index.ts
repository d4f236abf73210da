import { type Collection, type Doc, documentProjection, type IndexSpec, type ReadStore } from '@pmbok/infra';
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

const COLLECTION = 'taskProjects';
const indexes: IndexSpec[] = [{ fields: { teamId: 1 } }, { fields: { 'members.userId': 1 } }];

export const taskProjects = (store: ReadStore): Collection<TaskProjectDoc> =>
  store.collection<TaskProjectDoc>(COLLECTION, indexes);

const statusOf: Partial<Record<TaskProjectEvent['type'], ProjectStatus>> = {
  TaskProjectStopped: 'stopped',
  TaskProjectFinished: 'finished',
  TaskProjectClosed: 'closed',
  TaskProjectReopened: 'active',
};

function next(doc: TaskProjectDoc, event: TaskProjectEvent, at: number): TaskProjectDoc {
  switch (event.type) {
    case 'TaskProjectUpdated':
      return { ...doc, ...event.data };
    case 'ProjectMemberAdded':
      if (doc.members.some((m) => m.userId === event.data.userId)) return doc;
      return { ...doc, members: [...doc.members, { ...event.data, joinedAt: at }] };
    case 'ProjectMemberRoleChanged':
      return {
        ...doc,
        members: doc.members.map((m) => (m.userId === event.data.userId ? { ...m, role: event.data.role } : m)),
      };
    case 'ProjectMemberRemoved':
      return { ...doc, members: doc.members.filter((m) => m.userId !== event.data.userId) };
    case 'TaskProjectStarred':
      return { ...doc, stars: [...doc.stars.filter((id) => id !== event.data.userId), event.data.userId] };
    case 'TaskProjectUnstarred':
      return { ...doc, stars: doc.stars.filter((id) => id !== event.data.userId) };
    case 'FlowCreated':
    case 'FlowUpdated':
      return { ...doc, flows: [...doc.flows.filter((f) => f.flowId !== event.data.flowId), event.data] };
    case 'FlowDeleted':
      return { ...doc, flows: doc.flows.filter((f) => f.flowId !== event.data.flowId) };
    default: {
      const status = statusOf[event.type];
      return status ? { ...doc, status } : doc;
    }
  }
}

export const taskProjectsProjection = documentProjection<TaskProjectDoc>({
  name: 'taskProjects',
  collection: COLLECTION,
  indexes,
  canHandle: [
    'TaskProjectCreated',
    'TaskProjectUpdated',
    'ProjectMemberAdded',
    'ProjectMemberRoleChanged',
    'ProjectMemberRemoved',
    'TaskProjectStarred',
    'TaskProjectUnstarred',
    'TaskProjectStopped',
    'TaskProjectFinished',
    'TaskProjectClosed',
    'TaskProjectReopened',
    'FlowCreated',
    'FlowUpdated',
    'FlowDeleted',
  ],
  documentId: (event) => event.metadata.streamId.slice('taskProject-'.length),
  evolve(doc, recorded) {
    const event = recorded as unknown as TaskProjectEvent;
    const at = recorded.metadata.at;
    if (event.type === 'TaskProjectCreated') {
      return {
        ...event.data,
        _id: String(event.data.taskProjectId),
        status: 'active',
        members: [],
        stars: [],
        createdAt: at,
        updatedAt: at,
      };
    }
    if (!doc) return null;
    // A star is the user's own bookmark, not a change to the project.
    const touches = event.type !== 'TaskProjectStarred' && event.type !== 'TaskProjectUnstarred';
    return { ...next(doc, event, at), updatedAt: touches ? at : doc.updatedAt };
  },
});
