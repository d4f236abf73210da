import { type Caller, forbidden, invalid, type Logger, nextNumericId } from '@pmbok/infra';
import { messages } from '../domain/taskProject/rules.js';
import { orderedFlows } from '../domain/taskProject/taskProject.js';
import { templateCopyDecider, templateCopyStreamId } from '../domain/templateCopy/templateCopy.js';
import { type TaskProjectDoc, taskProjects } from '../projections/taskProjects/index.js';
import type { TaskContext } from './context.js';
import type { Projects } from './projects.js';
import { projectView } from './views.js';

const copyName = (name: string) => {
  const suffix = ' - 副本';
  return [...name].slice(0, 50 - suffix.length).join('') + suffix;
};

/** Templates and copies: a copy takes the source's fields and flows, never its members or tasks. */
export function createTemplates(context: TaskContext, projects: Projects, logger: Logger) {
  const { readStore, now, runCommand } = context;

  const sourceDoc = (taskProjectId: number) =>
    taskProjectId ? taskProjects(readStore).findOne({ _id: String(taskProjectId) }) : Promise.resolve(null);

  /** A template is visible to every member of its team; any other project only to its members. */
  async function visibleSource(taskProjectId: number, caller: Caller): Promise<TaskProjectDoc> {
    const doc = await sourceDoc(taskProjectId);
    if (doc?.members.some((m) => m.userId === caller.userId)) return doc;
    if (doc?.isTemplate && (await context.teamMemberIds(doc.teamId, [caller.userId])).includes(caller.userId))
      return doc;
    throw forbidden(messages.notMember);
  }

  const copyInto = (teamId: number, source: TaskProjectDoc, name: string, caller: Caller) =>
    projects.createProject(
      {
        teamId,
        ownerId: caller.userId,
        fields: { ...fieldsOf(source), name, isTemplate: false },
        flowNames: orderedFlows(source.flows),
        sourceTaskProjectId: source.taskProjectId,
      },
      caller,
    );

  return {
    /** The current team's templates, without the one being viewed. */
    async list(exceptTaskProjectId: number, caller: Caller) {
      if (!caller.teamId) return [];
      const teamId = await context.currentTeam(caller);
      const docs = await taskProjects(readStore).find({ teamId, isTemplate: true }, { sort: { createdAt: 1 } });
      return Promise.all(
        docs
          .filter((doc) => doc.taskProjectId !== exceptTaskProjectId)
          .map((doc) => projectView(readStore, doc, caller.userId)),
      );
    },

    async copy(sourceTaskProjectId: number, caller: Caller) {
      const teamId = await context.currentTeam(caller);
      const source = await visibleSource(sourceTaskProjectId, caller);
      return copyInto(teamId, source, copyName(source.name), caller);
    },

    async createByTemplate(templateProjectId: number, caller: Caller) {
      const teamId = await context.currentTeam(caller);
      const source = await visibleSource(templateProjectId, caller);
      if (!source.isTemplate) throw invalid(messages.notATemplate);
      return copyInto(teamId, source, source.name, caller);
    },

    /**
     * A team was created (or set up by its guide) with task templates: copy each template its owner may see into
     * the team, still a template there. Idempotent: a plan stream fixes the new id, the command id the append.
     */
    async copyIntoTeam(input: { teamId: number; ownerId: number; sourceTaskProjectId: number; eventId: string }) {
      const { teamId, ownerId, sourceTaskProjectId, eventId } = input;
      const source = await context.loadProject(sourceTaskProjectId);
      const allowed =
        source.status !== 'none' &&
        source.isTemplate &&
        (await context.teamMemberIds(source.teamId, [ownerId])).includes(ownerId);
      if (source.status === 'none' || !allowed) {
        logger.warn({ teamId, sourceTaskProjectId }, 'task template not copied: not a template the owner may see');
        return;
      }
      const { state: plan } = await runCommand(
        templateCopyStreamId(eventId, sourceTaskProjectId),
        templateCopyDecider,
        { type: 'PlanTemplateCopy', data: { taskProjectId: nextNumericId(now()), teamId, sourceTaskProjectId } },
        { userId: ownerId },
        { teamId },
      );
      if (plan.status !== 'planned') return;
      await projects.createProject(
        {
          teamId,
          ownerId,
          fields: { ...fieldsOf(source), isTemplate: true },
          flowNames: orderedFlows(source.flows.values()),
          sourceTaskProjectId,
          taskProjectId: plan.taskProjectId,
        },
        { userId: ownerId },
        `template-copy:${eventId}:${sourceTaskProjectId}`,
      );
    },
  };
}

const fieldsOf = (source: {
  name: string;
  description: string;
  logo: string;
  poster: number;
  beginTime: number;
  endTime: number;
  isTemplate: boolean;
}) => ({
  name: source.name,
  description: source.description,
  logo: source.logo,
  poster: source.poster,
  beginTime: source.beginTime,
  endTime: source.endTime,
  isTemplate: source.isTemplate,
});

export type Templates = ReturnType<typeof createTemplates>;
