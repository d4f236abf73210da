import type { Decider, DomainEvent } from '@pmbok/infra';

/**
 * The plan of copying one template into a new team, one stream per (team event, template): the first decision
 * fixes the new project's id, so a redelivered team event finds the plan and finishes the same copy.
 */
export type TemplateCopyPlanned = DomainEvent<
  'TemplateCopyPlanned',
  { taskProjectId: number; teamId: number; sourceTaskProjectId: number }
>;
export type PlanTemplateCopy = { type: 'PlanTemplateCopy'; data: TemplateCopyPlanned['data'] };
export type TemplateCopy = { status: 'none' } | ({ status: 'planned' } & TemplateCopyPlanned['data']);

export const templateCopyStreamId = (teamEventId: string, sourceTaskProjectId: number) =>
  `templateCopy-${teamEventId}-${sourceTaskProjectId}`;

export const templateCopyDecider: Decider<TemplateCopy, PlanTemplateCopy, TemplateCopyPlanned> = {
  initialState: () => ({ status: 'none' }),
  evolve: (_state, event) => ({ status: 'planned', ...event.data }),
  decide: (command, state) => (state.status === 'none' ? [{ type: 'TemplateCopyPlanned', data: command.data }] : []),
};
