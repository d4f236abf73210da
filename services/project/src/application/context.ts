import { type Caller, fold, forbidden, invalid, type ServiceContext, teamMembers } from '@pmbok/infra';
import { type ProjectCommand, projectDecider } from '../domain/project/businessLogic.js';
import {
  accessOf,
  canManage,
  canWrite,
  type Project,
  type ProjectRole,
  projectStreamId,
} from '../domain/project/project.js';
import { messages } from '../domain/project/rules.js';
import { type ProjectDoc, projects } from '../projections/projects/index.js';

export interface ProjectDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  /** Resolves when the team roster has every team event appended so far (it arrives through the bus). */
  rosterCaughtUp?: () => Promise<void>;
}

/** The caller's access to a project they see: the project (read model), their role ('' = team reader), rights. */
export interface ProjectAccess {
  project: ProjectDoc;
  role: ProjectRole | '';
  canWrite: boolean;
  canManage: boolean;
  /** What a command's metadata carries so the decider checks the same rights against the stream. */
  metadata: { actorId: number; inTeam: boolean };
}

/**
 * What the project use cases share (and backend-docs' tree and document use cases): the clock, running project
 * commands with read-your-writes, and the access checks every call makes (docs/api/knowledge.md's role table).
 */
export function createProjectContext(deps: ProjectDeps) {
  const { eventStore, readStore } = deps.runtime;
  const { now, runCommand } = deps;

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

  const inTeam = async (teamId: number, userId: number) => (await teamMemberIds(teamId, [userId])).includes(userId);

  /** The caller's current team (from the request's metadata), which the caller must belong to. */
  async function currentTeam(caller: Caller): Promise<number> {
    if (!caller.teamId) throw invalid(messages.noTeam);
    if (!(await inTeam(caller.teamId, caller.userId))) throw forbidden(messages.notTeamMember);
    return caller.teamId;
  }

  const findProject = (projectId: number) =>
    projectId > 0 ? projects(readStore).findOne({ _id: String(projectId) }) : Promise.resolve(null);

  /** The access of `userId` to a project document, or null when they may not see it. */
  async function accessTo(project: ProjectDoc | null, userId: number): Promise<ProjectAccess | null> {
    if (!project || !userId) return null;
    const memberOfTeam = await inTeam(project.teamId, userId);
    const role = accessOf({
      active: true,
      privateType: project.privateType,
      isTemplate: project.isTemplate,
      role: project.members.find((m) => m.userId === userId)?.role,
      inTeam: memberOfTeam,
    });
    if (role === null) return null;
    return {
      project,
      role,
      canWrite: canWrite(role),
      canManage: canManage(role),
      metadata: { actorId: userId, inTeam: memberOfTeam },
    };
  }

  /** A project the caller sees (any role, or a team reader); anyone else learns nothing about it. */
  async function readable(projectId: number, caller: Pick<Caller, 'userId'>): Promise<ProjectAccess> {
    const access = await accessTo(await findProject(projectId), caller.userId);
    if (!access) throw forbidden(messages.notVisible);
    return access;
  }

  /** A project the caller may write documents and the tree of (owner, administrator, editor). */
  async function writable(projectId: number, caller: Pick<Caller, 'userId'>): Promise<ProjectAccess> {
    const access = await readable(projectId, caller);
    if (!access.canWrite) throw forbidden(messages.readOnly);
    return access;
  }

  /** A project whose documents anyone may read without an account (`docPrivateType` public). */
  async function publicProject(projectId: number): Promise<ProjectDoc> {
    const project = await findProject(projectId);
    if (project?.docPrivateType !== 'public') throw forbidden(messages.notVisible);
    return project;
  }

  /** The project as its stream folds: the current truth for access checks inside other aggregates' commands. */
  const loadProject = async (projectId: number): Promise<Project> =>
    fold(projectDecider, await eventStore.readStream(projectStreamId(projectId)));

  async function runProject(
    projectId: number,
    command: ProjectCommand,
    caller: Partial<Caller>,
    options: { teamId?: number; commandId?: string } = {},
  ) {
    // An id that names no stream (negative, fractional) is refused like any project the caller cannot see.
    if (!(Number.isSafeInteger(projectId) && projectId > 0)) throw forbidden(messages.notVisible);
    // Events carry the project's team (not the caller's current one), for consumers that fan out per team.
    const teamId = options.teamId ?? (await findProject(projectId))?.teamId ?? 0;
    const { events } = await runCommand(projectStreamId(projectId), projectDecider, command, caller, {
      teamId,
      commandId: options.commandId,
    });
    return events;
  }

  /**
   * The metadata of a project command from the caller: their id and whether they are in the project's team. A
   * project the caller cannot see gets the metadata of an outsider, so the decider refuses it the same way.
   */
  async function metadataFor(projectId: number, caller: Pick<Caller, 'userId'>) {
    const project = await findProject(projectId);
    const memberOfTeam = project ? await inTeam(project.teamId, caller.userId) : false;
    return { metadata: { actorId: caller.userId, inTeam: memberOfTeam } };
  }

  return {
    deps,
    eventStore,
    readStore,
    now,
    runCommand,
    teamMemberIds,
    currentTeam,
    findProject,
    accessTo,
    readable,
    writable,
    publicProject,
    loadProject,
    runProject,
    metadataFor,
  };
}

export type ProjectContext = ReturnType<typeof createProjectContext>;
