import {
  DomainError,
  feed,
  parseStreamId,
  publishedBy,
  reaction,
  type ServiceContext,
  startReactions,
  teamMembersProjection,
} from '@pmbok/infra';
import type { TeamEvents } from '@pmbok/team-service/events';
import type { Templates } from '../application/templates.js';
import { projectDecider } from '../domain/project/businessLogic.js';
import { projectStreamId } from '../domain/project/project.js';
import { projects } from '../projections/projects/index.js';

type TeamEvent = { metadata: { streamId: string; eventId: string } };

/**
 * Consumers of the team service's events:
 * - the teamMembers read model, which every access check reads (a member who leaves the team sees nothing more);
 * - knowledge templates chosen at team creation, and departures (a durable offset; command ids make a redelivered
 *   event change nothing twice).
 */
export async function startTeamReactions(
  service: Pick<ServiceContext, 'runtime' | 'logger' | 'runCommand'>,
  templates: Templates,
) {
  const { runtime, logger, runCommand } = service;
  const teamOf = ({ metadata }: TeamEvent) => parseStreamId(metadata.streamId, 'team');

  /** Copies the templates the team chose; one that can no longer be copied is skipped, never retried forever. */
  const copyTemplates = async (event: TeamEvent, ownerId: number, sourceProjectIds: number[]) => {
    const teamId = teamOf(event);
    for (const sourceProjectId of sourceProjectIds) {
      await templates
        .copyIntoTeam({ teamId, ownerId, sourceProjectId, eventId: event.metadata.eventId })
        .catch((error) => {
          if (!(error instanceof DomainError)) throw error;
          logger.warn({ err: error, teamId, sourceProjectId }, 'knowledge template not copied');
        });
    }
  };

  /**
   * A member who leaves or is removed from a team leaves that team's knowledge projects (the owner's record
   * stays; the roster already keeps them out of the project).
   */
  const dropDepartedMember = async (event: TeamEvent & { data: { userId: number } }) => {
    const teamId = teamOf(event);
    const { userId } = event.data;
    for (const project of await projects(runtime.readStore).find({ teamId, 'members.userId': userId })) {
      await runCommand(
        projectStreamId(project.projectId),
        projectDecider,
        { type: 'DropDepartedMember', data: { userId } },
        {},
        { commandId: `team-left:${event.metadata.eventId}:${project.projectId}`, teamId },
      );
    }
    logger.info({ teamId, eventId: event.metadata.eventId }, 'departed team member removed from knowledge projects');
  };

  const { subscriptions, stops } = await startReactions(runtime, {
    roster: feed(teamMembersProjection, 'project-team-members'),
    policies: reaction({
      name: 'project-team-policies',
      source: publishedBy<TeamEvents>('team'),
      on: {
        // The owner chose the templates at creation; in the guide, the member who set the team up did.
        TeamCreated: (event) => copyTemplates(event, event.data.ownerId, event.data.sourceProjectIds),
        TeamInitialized: (event) => copyTemplates(event, Number(event.metadata.actor), event.data.sourceProjectIds),
        MemberLeft: dropDepartedMember,
        MemberRemoved: dropDepartedMember,
      },
    }),
  });
  return { roster: subscriptions.roster, stops };
}
