import { type Caller, invalid, nextNumericId } from '@pmbok/infra';
import type { CopiedSettings } from '../domain/project/businessLogic.js';
import { accessOf, type ProjectFields, type ProjectRole } from '../domain/project/project.js';
import { messages } from '../domain/project/rules.js';
import { type ProjectDoc, projects as projectsModel } from '../projections/projects/index.js';
import type { ProjectContext } from './context.js';
import { type ProjectView, projectViews } from './views.js';

/** Fields a new project takes when the request leaves them out. */
export const DEFAULTS: Omit<ProjectFields, 'name'> = {
  description: '',
  logo: '',
  poster: 0,
  privateType: 'members',
  docPrivateType: 'private',
  versionUpdateType: 'manual',
  isTemplate: false,
};

const matches = (doc: ProjectDoc, keyword: string) =>
  !keyword || doc.name.toLowerCase().includes(keyword) || doc.description.toLowerCase().includes(keyword);

/** Knowledge projects: create, change, delete, star, leave, and the lists and details whoever sees them reads. */
export function createProjects(context: ProjectContext) {
  const { readStore, now, runProject, readable, metadataFor } = context;

  /** Creates a project owned by `ownerId` in `teamId`; used for blank projects and copies of templates. */
  async function createProject(
    input: {
      teamId: number;
      ownerId: number;
      fields: ProjectFields;
      sourceProjectId: number;
      copied?: CopiedSettings;
      projectId?: number;
    },
    caller: Partial<Caller>,
    commandId?: string,
  ) {
    const projectId = input.projectId ?? nextNumericId(now());
    const data = {
      ...input.fields,
      projectId,
      teamId: input.teamId,
      ownerId: input.ownerId,
      sourceProjectId: input.sourceProjectId,
      copied: input.copied,
    };
    await runProject(projectId, { type: 'CreateProject', data }, caller, { teamId: input.teamId, commandId });
    return { projectId };
  }

  /**
   * The projects of the caller's current team (the caller is in it) that they see, starred first, newest first.
   * One roster read serves them all: they share the team.
   */
  async function teamViews(docs: ProjectDoc[], caller: Caller) {
    const roles = new Map<number, ProjectRole | ''>();
    for (const doc of docs) {
      const role = accessOf({
        active: true,
        privateType: doc.privateType,
        isTemplate: doc.isTemplate,
        role: doc.members.find((m) => m.userId === caller.userId)?.role,
        inTeam: true,
      });
      if (role !== null) roles.set(doc.projectId, role);
    }
    const views = await projectViews(
      readStore,
      docs.filter((d) => roles.has(d.projectId)),
      caller.userId,
      now(),
      roles,
    );
    return views.sort((a, b) => Number(b.isStar) - Number(a.isStar) || b.updatedAt - a.updatedAt);
  }

  return {
    createProject,

    /** A blank project in the caller's current team; a negative `poster` picks one of the nine. */
    async create(input: ProjectFields, caller: Caller) {
      const teamId = await context.currentTeam(caller);
      const projectId = nextNumericId(now());
      const poster = input.poster >= 0 ? input.poster : projectId % 9;
      return createProject(
        { teamId, ownerId: caller.userId, fields: { ...input, poster }, sourceProjectId: 0, projectId },
        caller,
      );
    },

    async update(projectId: number, changes: Partial<ProjectFields>, caller: Caller) {
      const defined = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
      await runProject(
        projectId,
        { type: 'UpdateProject', data: defined, ...(await metadataFor(projectId, caller)) },
        caller,
      );
    },

    remove: async (projectId: number, caller: Caller) =>
      runProject(projectId, { type: 'DeleteProject', data: {}, ...(await metadataFor(projectId, caller)) }, caller),

    leave: async (projectId: number, caller: Caller) =>
      runProject(projectId, { type: 'LeaveProject', data: {}, ...(await metadataFor(projectId, caller)) }, caller),

    star: async (projectId: number, starred: boolean, caller: Caller) =>
      runProject(
        projectId,
        { type: 'StarProject', data: { starred }, ...(await metadataFor(projectId, caller)) },
        caller,
      ),

    async detail(projectId: number, caller: Caller): Promise<ProjectView> {
      const access = await readable(projectId, caller);
      const views = await projectViews(
        readStore,
        [access.project],
        caller.userId,
        now(),
        new Map([[projectId, access.role]]),
      );
      return views[0] as ProjectView;
    },

    /** The projects of the caller's current team they see; `keyword` filters names and descriptions. */
    async list(keyword: string, caller: Caller) {
      if (!caller.teamId) return [];
      const teamId = await context.currentTeam(caller);
      const text = keyword.trim().toLowerCase();
      if ([...text].length > 100) throw invalid('搜索关键字最多100个字符');
      const docs = await projectsModel(readStore).find({ teamId });
      return teamViews(
        docs.filter((doc) => matches(doc, text)),
        caller,
      );
    },

    /** The current team's templates, which every team member sees (to create from them), oldest first. */
    async templates(caller: Caller) {
      if (!caller.teamId) return [];
      const teamId = await context.currentTeam(caller);
      const docs = await projectsModel(readStore).find({ teamId, isTemplate: true }, { sort: { createdAt: 1 } });
      return projectViews(readStore, docs, caller.userId, now());
    },
  };
}

export type Projects = ReturnType<typeof createProjects>;
export { messages };
