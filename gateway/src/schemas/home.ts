import { type Static, Type } from '@sinclair/typebox';
import { Task } from './task.js';

/** Answers of the home and workspace calls (`task/myTasks`, `task/myWorkHours`, `task/stats`, `activity/*`; docs/api/home.md). */

/** A task of mine as `task/taskList` answers it, with its project's name. */
export const MyTask = Type.Composite([Task, Type.Object({ projectName: Type.String() })]);
export type MyTask = Static<typeof MyTask>;
export const MyTaskPage = Type.Object({ list: Type.Array(MyTask), total: Type.Integer() });
export type MyTaskPage = Static<typeof MyTaskPage>;

/** Hours I spent on tasks in a period: every China-time day (zero ones too) and each project. */
export const MyWorkHours = Type.Object({
  days: Type.Array(Type.Object({ date: Type.String(), hours: Type.Number() })),
  projects: Type.Array(Type.Object({ projectId: Type.Integer(), projectName: Type.String(), hours: Type.Number() })),
  total: Type.Number(),
});
export type MyWorkHours = Static<typeof MyWorkHours>;

/** The counts of the home page over the task projects I am a member of. */
export const TaskStats = Type.Object({
  openByStage: Type.Array(Type.Object({ name: Type.String(), count: Type.Integer() })),
  openTotal: Type.Integer(),
  overdue: Type.Integer(),
  finishedSince: Type.Integer(),
  mineOpen: Type.Integer(),
});
export type TaskStats = Static<typeof TaskStats>;

/**
 * Something that happened in the team: `title` is the sentence for everyone in Chinese, `phrase` and `args` the same
 * sentence for the console to word in the user's language (docs/api/home.md), `link` the console route of the target.
 */
export const Activity = Type.Object({
  activityId: Type.Integer(),
  kind: Type.String(),
  projectId: Type.Integer(),
  projectKind: Type.String(),
  projectName: Type.String(),
  actorId: Type.Integer(),
  actorName: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  link: Type.String(),
  targetKind: Type.String(),
  targetId: Type.Integer(),
  changes: Type.Array(Type.String()),
  at: Type.Integer(),
  /** The sentence as a key the console words in the user's language ('' in older records: show `title`). */
  phrase: Type.String(),
  /** The phrase's arguments (actor, target, project, other, count, role, team). */
  args: Type.Record(Type.String(), Type.String()),
});
export type Activity = Static<typeof Activity>;
export const ActivityPage = Type.Object({ list: Type.Array(Activity), total: Type.Integer() });
export type ActivityPage = Static<typeof ActivityPage>;

/** Activities by kind since a time; `targets` counts distinct targets (documents changed, not saves). */
export const ActivityCount = Type.Object({ kind: Type.String(), count: Type.Integer(), targets: Type.Integer() });
export type ActivityCount = Static<typeof ActivityCount>;

/** Live 200203: an activity was recorded in the team; the push carries no text, the page reads again. */
export const ActivityPush = Type.Object({
  teamId: Type.Integer(),
  activityId: Type.Integer(),
  kind: Type.String(),
  projectId: Type.Integer(),
});
export type ActivityPush = Static<typeof ActivityPush>;
