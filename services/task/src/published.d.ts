/**
 * The events the task service publishes to other services (its `task` topic), by type: the version of each one's
 * data and the fields other services may read. Types only: consumers `import type` this module through
 * `@pmbok/task-service/events` (ADR 9); nothing here may become runtime code.
 *
 * Streams: `task-<taskId>` and `taskProject-<taskProjectId>` (read the ids back with `parseStreamId`). The project
 * service reads these to show a document's linked tasks (name, status, assignee) to members of the task's project;
 * the ai service reads task projects (members, stages) and tasks (description, stage, schedule) for the assistant;
 * the messaging service reads projects, members and tasks (assignee, creator, due time, status, comments) for
 * notifications and follows.
 */

export type TaskStatus = 'todo' | 'in_progress' | 'paused' | 'finished' | 'cancelled' | 'closed';
export type TaskProjectRole = 'owner' | 'administrator' | 'member';

/** A status change: the status it left (the new one is the event's type). */
interface Transition {
  from: TaskStatus;
}

/** A stage of a task project's board (a task is in one). */
export interface PublishedFlow {
  flowId: number;
  name: string;
  sort: number;
}

export interface TaskEvents {
  TaskProjectCreated: {
    version: 1;
    data: { taskProjectId: number; teamId: number; name: string; ownerId: number; flows: PublishedFlow[] };
  };
  TaskProjectUpdated: { version: 1; data: { name: string } };
  ProjectMemberAdded: { version: 1; data: { userId: number; role: TaskProjectRole } };
  ProjectMemberRoleChanged: { version: 1; data: { userId: number; role: TaskProjectRole } };
  ProjectMemberRemoved: { version: 1; data: { userId: number } };
  FlowCreated: { version: 1; data: PublishedFlow };
  FlowUpdated: { version: 1; data: PublishedFlow };
  FlowDeleted: { version: 1; data: { flowId: number } };
  /**
   * `projectId` is the task project's id; `flowName` the stage's name when the task was created; `content` the
   * description (sanitised rich text, HTML); times in ms, 0 when not set.
   */
  TaskCreated: {
    version: 1;
    data: {
      taskId: number;
      projectId: number;
      name: string;
      assigneeId: number;
      /** Who created it (the event's actor). */
      creatorId: number;
      flowId: number;
      flowName: string;
      startTime: number;
      endTime: number;
      content: string;
    };
  };
  TaskRenamed: { version: 1; data: { name: string } };
  /** The whole new description (sanitised rich text). */
  TaskContentUpdated: { version: 1; data: { content: string } };
  TaskScheduled: { version: 1; data: { startTime: number; endTime: number } };
  TaskMovedToFlow: { version: 1; data: { flowId: number; flowName: string } };
  TaskTransferred: { version: 1; data: { fromUserId: number; toUserId: number } };
  /** To in_progress. */
  TaskStarted: { version: 1; data: Transition };
  /** To paused. */
  TaskStopped: { version: 1; data: Transition };
  TaskFinished: { version: 1; data: Transition };
  TaskCancelled: { version: 1; data: Transition };
  TaskClosed: { version: 1; data: Transition };
  /**
   * A comment (sanitised rich text, HTML). `mentionIds`: the project members it @mentions (markup
   * `<span data-mention-id="<userId>">@name</span>`), the author left out; absent on comments made before mentions.
   */
  TaskCommented: { version: 1; data: { commentId: number; content: string; mentionIds?: number[] } };
}
