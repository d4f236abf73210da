import { type Caller, invalid, type Logger, nextNumericId } from '@pmbok/infra';
import type { CopiedSettings } from '../domain/project/businessLogic.js';
import type { ExistingProject, ProjectFields } from '../domain/project/project.js';
import { messages } from '../domain/project/rules.js';
import { templateCopyDecider, templateCopyStreamId } from '../domain/templateCopy/templateCopy.js';
import type { ProjectContext } from './context.js';
import type { Projects } from './projects.js';

/**
 * Copies the tree and documents of `sourceProjectId` into the new `projectId`: backend-docs' part of a copy
 * (services/project/README.md, "Copies of templates"). `commandId` makes a retried copy append nothing twice.
 */
export type ContentCopier = (input: {
  sourceProjectId: number;
  projectId: number;
  actorId: number;
  commandId: string;
}) => Promise<void>;

const fieldsOf = (source: ProjectFields): ProjectFields => ({
  name: source.name,
  description: source.description,
  logo: source.logo,
  poster: source.poster,
  privateType: source.privateType,
  docPrivateType: source.docPrivateType,
  versionUpdateType: source.versionUpdateType,
  isTemplate: source.isTemplate,
});

const settingsOf = (source: ExistingProject, ids: () => number): CopiedSettings => ({
  environments: [...source.environments.values()].map((env) => ({ ...env, projectConfigId: ids() })),
  responseCodes: [...source.responseCodes.values()].map((row) => ({ ...row, responseCodeId: ids() })),
  scripts: { ...source.scripts },
});

/** Copies of templates: fields and settings (this service), then the tree and documents (the content copier). */
export function createTemplates(
  context: ProjectContext,
  projects: Projects,
  logger: Logger,
  copyContent: ContentCopier | undefined,
) {
  const { now, runCommand } = context;
  const ids = () => nextNumericId(now());

  const copyTree = async (sourceProjectId: number, projectId: number, actorId: number, commandId: string) => {
    if (copyContent) await copyContent({ sourceProjectId, projectId, actorId, commandId });
  };

  return {
    /** A project in the current team from one of the team's templates (any template the caller sees). */
    async createByTemplate(templateProjectId: number, name: string, caller: Caller) {
      const teamId = await context.currentTeam(caller);
      const { project } = await context.readable(templateProjectId, caller);
      if (!project.isTemplate) throw invalid(messages.notATemplate);
      const source = await context.loadProject(templateProjectId);
      if (source.status !== 'active') throw invalid(messages.notATemplate);
      const created = await projects.createProject(
        {
          teamId,
          ownerId: caller.userId,
          fields: { ...fieldsOf(source), name: name.trim() || source.name, isTemplate: false },
          sourceProjectId: templateProjectId,
          copied: settingsOf(source, ids),
        },
        caller,
      );
      await copyTree(templateProjectId, created.projectId, caller.userId, `project-copy:${created.projectId}`);
      return created;
    },

    /**
     * A team was created (or set up by its guide) with knowledge templates: copy each template its owner may see
     * into the team, still a template there. Idempotent: a plan stream fixes the new id, the command id the append.
     */
    async copyIntoTeam(input: { teamId: number; ownerId: number; sourceProjectId: number; eventId: string }) {
      const { teamId, ownerId, sourceProjectId, eventId } = input;
      const source = await context.loadProject(sourceProjectId);
      const allowed =
        source.status === 'active' &&
        source.isTemplate &&
        (await context.teamMemberIds(source.teamId, [ownerId])).includes(ownerId);
      if (source.status !== 'active' || !allowed) {
        logger.warn({ teamId, sourceProjectId }, 'knowledge template not copied: not a template the owner may see');
        return;
      }
      const { state: plan } = await runCommand(
        templateCopyStreamId(eventId, sourceProjectId),
        templateCopyDecider,
        { type: 'PlanProjectTemplateCopy', data: { projectId: ids(), teamId, sourceProjectId } },
        { userId: ownerId },
        { teamId },
      );
      if (plan.status !== 'planned') return;
      const commandId = `template-copy:${eventId}:${sourceProjectId}`;
      await projects.createProject(
        {
          teamId,
          ownerId,
          fields: { ...fieldsOf(source), isTemplate: true },
          sourceProjectId,
          copied: settingsOf(source, ids),
          projectId: plan.projectId,
        },
        { userId: ownerId },
        commandId,
      );
      await copyTree(sourceProjectId, plan.projectId, ownerId, commandId);
    },
  };
}

export type Templates = ReturnType<typeof createTemplates>;
