/**
 * The events the task service publishes to other services (its `task` topic), by type: the version of each one's
 * data and the fields other services may read. Types only: consumers `import type` this module through
 * `@pmbok/task-service/events` (ADR 9); nothing here may become runtime code.
 *
 * Streams: `task-<taskId>` and `taskProject-<taskProjectId>` (read the ids back with `parseStreamId`). The project
 * service reads these to show a document's linked tasks (name, status, assignee) to members of the task's project.
 */

export type TaskStatus = 'todo' | 'in_progress' | 'paused' | 'finished' | 'cancelled' | 'closed';
export type TaskProjectRole = 'owner' | 'administrator' | 'member';

/** A status change: the status it left (the new one is the event's type). */
interface Transition {
  from: TaskStatus;
}

export interface TaskEvents {
  TaskProjectCreated: { version: 1; data: { taskProjectId: number; teamId: number; name: string; ownerId: number } };
  TaskProjectUpdated: { version: 1; data: { name: string } };
  ProjectMemberAdded: { version: 1; data: { userId: number; role: TaskProjectRole } };
  ProjectMemberRemoved: { version: 1; data: { userId: number } };
  /** `projectId` is the task project's id. */
  TaskCreated: { version: 1; data: { taskId: number; projectId: number; name: string; assigneeId: number } };
  TaskRenamed: { version: 1; data: { name: string } };
  TaskTransferred: { version: 1; data: { fromUserId: number; toUserId: number } };
  /** To in_progress. */
  TaskStarted: { version: 1; data: Transition };
  /** To paused. */
  TaskStopped: { version: 1; data: Transition };
  TaskFinished: { version: 1; data: Transition };
  TaskCancelled: { version: 1; data: Transition };
  TaskClosed: { version: 1; data: Transition };
}
