import { type DomainEvent, streamId } from '@pmbok/infra';

export type ProjectRole = 'owner' | 'administrator' | 'member';
export type ProjectStatus = 'active' | 'stopped' | 'finished' | 'closed';

export interface FlowData {
  flowId: number;
  name: string;
  sort: number;
}

export interface ProjectFields {
  name: string;
  description: string;
  logo: string;
  poster: number;
  beginTime: number;
  endTime: number;
  isTemplate: boolean;
}

export type TaskProjectCreated = DomainEvent<
  'TaskProjectCreated',
  ProjectFields & {
    taskProjectId: number;
    teamId: number;
    ownerId: number;
    /** The project it was copied from (a template or another project); 0 when created blank. */
    sourceTaskProjectId: number;
    flows: FlowData[];
  }
>;
export type TaskProjectUpdated = DomainEvent<'TaskProjectUpdated', ProjectFields>;
export type ProjectMemberAdded = DomainEvent<'ProjectMemberAdded', { userId: number; role: ProjectRole }>;
export type ProjectMemberRoleChanged = DomainEvent<'ProjectMemberRoleChanged', { userId: number; role: ProjectRole }>;
export type ProjectMemberRemoved = DomainEvent<'ProjectMemberRemoved', { userId: number }>;
export type TaskProjectStarred = DomainEvent<'TaskProjectStarred', { userId: number }>;
export type TaskProjectUnstarred = DomainEvent<'TaskProjectUnstarred', { userId: number }>;
export type TaskProjectStopped = DomainEvent<'TaskProjectStopped', Record<string, never>>;
export type TaskProjectFinished = DomainEvent<'TaskProjectFinished', Record<string, never>>;
export type TaskProjectClosed = DomainEvent<'TaskProjectClosed', { from: ProjectStatus }>;
export type TaskProjectReopened = DomainEvent<'TaskProjectReopened', { from: ProjectStatus }>;
export type FlowCreated = DomainEvent<'FlowCreated', FlowData>;
export type FlowUpdated = DomainEvent<'FlowUpdated', FlowData>;
export type FlowDeleted = DomainEvent<'FlowDeleted', { flowId: number }>;

export type TaskProjectEvent =
  | TaskProjectCreated
  | TaskProjectUpdated
  | ProjectMemberAdded
  | ProjectMemberRoleChanged
  | ProjectMemberRemoved
  | TaskProjectStarred
  | TaskProjectUnstarred
  | TaskProjectStopped
  | TaskProjectFinished
  | TaskProjectClosed
  | TaskProjectReopened
  | FlowCreated
  | FlowUpdated
  | FlowDeleted;

export type ExistingProject = ProjectFields & {
  status: ProjectStatus;
  taskProjectId: number;
  teamId: number;
  ownerId: number;
  sourceTaskProjectId: number;
  members: ReadonlyMap<number, ProjectRole>;
  flows: ReadonlyMap<number, FlowData>;
  stars: ReadonlySet<number>;
};
export type TaskProject = { status: 'none' } | ExistingProject;

export const initialState = (): TaskProject => ({ status: 'none' });
export const taskProjectStreamId = (taskProjectId: number) => streamId('taskProject', taskProjectId);

/** Flows in board order: by sort, then by creation (ids are time-ordered). */
export const orderedFlows = (flows: Iterable<FlowData>): FlowData[] =>
  [...flows].sort((a, b) => a.sort - b.sort || a.flowId - b.flowId);

const withMembers = (state: TaskProject, edit: (members: Map<number, ProjectRole>) => void): TaskProject => {
  if (state.status === 'none') return state;
  const members = new Map(state.members);
  edit(members);
  return { ...state, members };
};
const withFlows = (state: TaskProject, edit: (flows: Map<number, FlowData>) => void): TaskProject => {
  if (state.status === 'none') return state;
  const flows = new Map(state.flows);
  edit(flows);
  return { ...state, flows };
};
const withStars = (state: TaskProject, edit: (stars: Set<number>) => void): TaskProject => {
  if (state.status === 'none') return state;
  const stars = new Set(state.stars);
  edit(stars);
  return { ...state, stars };
};
const withStatus = (state: TaskProject, status: ProjectStatus): TaskProject =>
  state.status === 'none' ? state : { ...state, status };

export function evolve(state: TaskProject, event: TaskProjectEvent): TaskProject {
  switch (event.type) {
    case 'TaskProjectCreated': {
      const { flows, ...fields } = event.data;
      return {
        ...fields,
        status: 'active',
        members: new Map(),
        flows: new Map(flows.map((flow) => [flow.flowId, flow])),
        stars: new Set(),
      };
    }
    case 'TaskProjectUpdated':
      return state.status === 'none' ? state : { ...state, ...event.data };
    case 'ProjectMemberAdded':
    case 'ProjectMemberRoleChanged':
      return withMembers(state, (members) => members.set(event.data.userId, event.data.role));
    case 'ProjectMemberRemoved':
      return withMembers(state, (members) => members.delete(event.data.userId));
    case 'TaskProjectStarred':
      return withStars(state, (stars) => stars.add(event.data.userId));
    case 'TaskProjectUnstarred':
      return withStars(state, (stars) => stars.delete(event.data.userId));
    case 'TaskProjectStopped':
      return withStatus(state, 'stopped');
    case 'TaskProjectFinished':
      return withStatus(state, 'finished');
    case 'TaskProjectClosed':
      return withStatus(state, 'closed');
    case 'TaskProjectReopened':
      return withStatus(state, 'active');
    case 'FlowCreated':
    case 'FlowUpdated':
      return withFlows(state, (flows) => flows.set(event.data.flowId, event.data));
    case 'FlowDeleted':
      return withFlows(state, (flows) => flows.delete(event.data.flowId));
  }
}
