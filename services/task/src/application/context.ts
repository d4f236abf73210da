import { type Caller, forbidden, invalid, loadState, type ServiceContext, teamMembers } from '@pmbok/infra';
import { type TaskCommand, taskDecider } from '../domain/task/businessLogic.js';
import { taskStreamId } from '../domain/task/task.js';
import { type TaskProjectCommand, taskProjectDecider } from '../domain/taskProject/businessLogic.js';
import { messages } from '../domain/taskProject/rules.js';
import { type TaskProject, taskProjectStreamId } from '../domain/taskProject/taskProject.js';
import { type TaskProjectDoc, taskProjects } from '../projections/taskProjects/index.js';

export interface TaskDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  /** Resolves when the team roster has every team event appended so far (it arrives through the bus). */
  rosterCaughtUp?: () => Promise<void>;
}

/** What the task use cases share: the clock, running commands with read-your-writes, access checks, lookups. */
export function createTaskContext(deps: TaskDeps) {
  const { eventStore, readStore } = deps.runtime;
  const { now, runCommand } = deps;

  async function runProject(
    taskProjectId: number,
    command: TaskProjectCommand,
    caller: Partial<Caller>,
    options: { teamId?: number; commandId?: string } = {},
  ) {
    // Events carry the project's team (not the caller's current one), for consumers that fan out per team.
    const teamId =
      options.teamId ?? (await taskProjects(readStore).findOne({ _id: String(taskProjectId) }))?.teamId ?? 0;
    const { events } = await runCommand(taskProjectStreamId(taskProjectId), taskProjectDecider, command, caller, {
      teamId,
      commandId: options.commandId,
    });
    return events;
  }

  /**
   * The project as its stream folds: the current truth for access checks inside task commands. The fold is
   * remembered with the version it reached (as for commands), so a task command reads only the project's new events.
   */
  const loadProject = (taskProjectId: number): Promise<TaskProject> =>
    loadState(eventStore, taskProjectStreamId(taskProjectId), taskProjectDecider);

  /** Runs a task command with its project folded into the metadata, so the decider checks membership and state. */
  async function runTask(
    taskProjectId: number,
    taskId: number,
    build: (metadata: { actorId: number; now: number; project: TaskProject }) => TaskCommand,
    caller: Caller,
  ) {
    const project = await loadProject(taskProjectId);
    const command = build({ actorId: caller.userId, now: now(), project });
    const teamId = project.status === 'none' ? 0 : project.teamId;
    const { events } = await runCommand(taskStreamId(taskId), taskDecider, command, caller, { teamId });
    return events;
  }

  /** A project the caller is a member of, from the read model; anyone else learns nothing about it. */
  async function memberView(taskProjectId: number, caller: Caller): Promise<Readonly<TaskProjectDoc>> {
    // The store's own document (no copy): callers only read it.
    const doc = taskProjectId ? await taskProjects(readStore).viewOne({ _id: String(taskProjectId) }) : null;
    if (!doc?.members.some((m) => m.userId === caller.userId)) throw forbidden(messages.notMember);
    return doc;
  }

  /**
   * The members of a team as the team service last told. Users the caller expects to find may still be on the
   * bus (a team created or joined a moment ago), so a miss waits until the roster has read the team log so far.
   */
  async function teamMemberIds(teamId: number, expected: number[] = []): Promise<number[]> {
    const members = async () =>
      ((await teamMembers(readStore).findOne({ _id: String(teamId) }))?.members ?? []).map((m) => m.userId);
    const ids = await members();
    if (expected.every((id) => ids.includes(id)) || !deps.rosterCaughtUp) return ids;
    await deps.rosterCaughtUp().catch((error) => deps.logger.warn({ err: error }, 'team roster did not catch up'));
    return members();
  }

  /** The caller's current team (from the request's metadata), which the caller must belong to. */
  async function currentTeam(caller: Caller): Promise<number> {
    if (!caller.teamId) throw invalid(messages.noTeam);
    if (!(await teamMemberIds(caller.teamId, [caller.userId])).includes(caller.userId)) {
      throw forbidden(messages.notTeamMember);
    }
    return caller.teamId;
  }

  return {
    deps,
    eventStore,
    readStore,
    now,
    runCommand,
    runProject,
    runTask,
    loadProject,
    memberView,
    teamMemberIds,
    currentTeam,
  };
}

export type TaskContext = ReturnType<typeof createTaskContext>;
