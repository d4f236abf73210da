import type { Decider, DomainEvent } from '@pmbok/infra';

/**
 * The plan of copying one knowledge template into a new team, one stream per (team event, template): the first
 * decision fixes the new project's id, so a redelivered team event finds the plan and finishes the same copy.
 */
export type ProjectTemplateCopyPlanned = DomainEvent<
  'ProjectTemplateCopyPlanned',
  { projectId: number; teamId: number; sourceProjectId: number }
>;
export type PlanProjectTemplateCopy = { type: 'PlanProjectTemplateCopy'; data: ProjectTemplateCopyPlanned['data'] };
export type ProjectTemplateCopy = { status: 'none' } | ({ status: 'planned' } & ProjectTemplateCopyPlanned['data']);

export const templateCopyStreamId = (teamEventId: string, sourceProjectId: number) =>
  `projectTemplateCopy-${teamEventId}-${sourceProjectId}`;

export const templateCopyDecider: Decider<ProjectTemplateCopy, PlanProjectTemplateCopy, ProjectTemplateCopyPlanned> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: 'planned', ...event.data }),
  decide: (command, state) =>
    state.status === 'none' ? [{ type: 'ProjectTemplateCopyPlanned', data: command.data }] : [],
};
