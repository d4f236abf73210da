import { useQuery } from '@tanstack/react-query';
import { type Body, request } from '../api/request';

export type ProjectRole = 'owner' | 'administrator' | 'member' | '';
export type ProjectStatus = 'active' | 'stopped' | 'finished' | 'closed';
export type TaskStatus = 'todo' | 'in_progress' | 'paused' | 'finished' | 'cancelled' | 'closed';

export interface Flow {
  flowId: number;
  name: string;
  sort: number;
  taskCount: number;
}

export interface ProjectMember {
  userId: number;
  name: string;
  role: ProjectRole;
  joinedAt: number;
}

/** task/projectDetail, task/userProject, task/templateList */
export interface TaskProject {
  taskProjectId: number;
  teamId: number;
  userId: number;
  ownerName: string;
  name: string;
  description: string;
  logo: string;
  poster: number;
  beginTime: number;
  endTime: number;
  isTemplate: boolean;
  sourceTaskProjectId: number;
  status: ProjectStatus;
  isStar: boolean;
  myRole: ProjectRole;
  flows: Flow[];
  members: ProjectMember[];
  taskCount: number;
  createdAt: number;
  updatedAt: number;
}

export interface Task {
  taskId: number;
  projectId: number;
  name: string;
  flowId: number;
  flowName: string;
  userId: number;
  userName: string;
  creatorId: number;
  creatorName: string;
  workHour: number;
  spentHours: number;
  urgentLevel: number;
  startTime: number;
  endTime: number;
  status: TaskStatus;
  content: string;
  commentCount: number;
  createdAt: number;
  updatedAt: number;
}

/** task/projectTask: one column per flow, its tasks oldest first. */
export interface BoardColumn extends Flow {
  tasks: Task[];
}

export interface Comment {
  commentId: number;
  userId: number;
  userName: string;
  content: string;
  createdAt: number;
}

export interface TaskLog {
  type: string;
  content: string;
  userId: number;
  userName: string;
  createdAt: number;
  note: string;
}

export interface Page<T> {
  list: T[];
  total: number;
  page: number;
  pageSize: number;
}

export interface MemberWorkHours {
  userId: number;
  name: string;
  taskCount: number;
  estimatedHours: number;
  spentHours: number;
}

export interface WorkHourReport {
  members: MemberWorkHours[];
  estimatedHours: number;
  spentHours: number;
  taskCount: number;
}

/** POST /pmbok/api/task/{call}. */
export const taskCall = <T = unknown>(call: string, body: Body = {}, notify = true) =>
  request<T>(`task/${call}`, body, { notify });

export const canManageProject = (role: ProjectRole | undefined) => role === 'owner' || role === 'administrator';

/** Query keys: everything of one project sits under ['taskProject', id] and refreshes together. */
export const taskKeys = {
  mine: (teamId: number | null) => ['taskProjects', teamId] as const,
  templates: (teamId: number | null) => ['taskProjects', teamId, 'templates'] as const,
  project: (projectId: number) => ['taskProject', projectId] as const,
  detail: (projectId: number) => ['taskProject', projectId, 'detail'] as const,
  board: (projectId: number) => ['taskProject', projectId, 'board'] as const,
  members: (projectId: number) => ['taskProject', projectId, 'members'] as const,
  report: (projectId: number) => ['taskProject', projectId, 'report'] as const,
  task: (projectId: number, taskId: number) => ['taskProject', projectId, 'task', taskId] as const,
};

export function useProjectDetail(projectId: number) {
  return useQuery({
    queryKey: taskKeys.detail(projectId),
    // a refusal (not a member) is the page's to show, not a toast
    queryFn: () => taskCall<TaskProject>('projectDetail', { projectId }, false),
    retry: false,
  });
}

export function useBoard(projectId: number) {
  return useQuery({
    queryKey: taskKeys.board(projectId),
    queryFn: () => taskCall<BoardColumn[]>('projectTask', { projectId }),
  });
}

export function useProjectMembers(projectId: number) {
  return useQuery({
    queryKey: taskKeys.members(projectId),
    queryFn: () => taskCall<ProjectMember[]>('projectUser', { projectId }),
  });
}
