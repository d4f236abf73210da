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
import { taskProjectDecider } from '../domain/taskProject/businessLogic.js';
import { taskProjectStreamId } from '../domain/taskProject/taskProject.js';
import { taskProjects } from '../projections/taskProjects/index.js';

type TeamEvent = { metadata: { streamId: string; eventId: string } };

/**
 * Consumers of the team service's events:
 * - the teamMembers read model (its offset lives in the read store, so an in-memory roster is rebuilt);
 * - team templates and departures (a durable offset; command ids make a redelivered event change nothing twice).
 */
export async function startTeamReactions(
  service: Pick<ServiceContext, 'runtime' | 'logger' | 'runCommand'>,
  templates: Templates,
) {
  const { runtime, logger, runCommand } = service;
  const teamOf = ({ metadata }: TeamEvent) => parseStreamId(metadata.streamId, 'team');

  /** Copies the templates the team chose; one that can no longer be copied is skipped, never retried forever. */
  const copyTemplates = async (event: TeamEvent, ownerId: number, sourceTaskProjectIds: number[]) => {
    const teamId = teamOf(event);
    for (const sourceTaskProjectId of sourceTaskProjectIds) {
      await templates
        .copyIntoTeam({ teamId, ownerId, sourceTaskProjectId, eventId: event.metadata.eventId })
        .catch((error) => {
          if (!(error instanceof DomainError)) throw error;
          logger.warn({ err: error, teamId, sourceTaskProjectId }, 'task template not copied');
        });
    }
  };

  /** A member who leaves or is removed from a team leaves that team's task projects (an owner keeps theirs). */
  const dropDepartedMember = async (event: TeamEvent & { data: { userId: number } }) => {
    const teamId = teamOf(event);
    const { userId } = event.data;
    for (const project of await taskProjects(runtime.readStore).find({ teamId, 'members.userId': userId })) {
      await runCommand(
        taskProjectStreamId(project.taskProjectId),
        taskProjectDecider,
        { type: 'DropDepartedMember', data: { userId } },
        {},
        { commandId: `team-left:${event.metadata.eventId}:${project.taskProjectId}`, teamId },
      );
    }
    logger.info({ teamId, eventId: event.metadata.eventId }, 'departed team member removed from task projects');
  };

  const { subscriptions, stops } = await startReactions(runtime, {
    roster: feed(teamMembersProjection, 'task-team-members'),
    policies: reaction({
      name: 'task-team-policies',
      source: publishedBy<TeamEvents>('team'),
      on: {
        // The owner chose the templates at creation; in the guide, the member who set the team up did.
        TeamCreated: (event) => copyTemplates(event, event.data.ownerId, event.data.sourceTaskProjectIds),
        TeamInitialized: (event) => copyTemplates(event, Number(event.metadata.actor), event.data.sourceTaskProjectIds),
        MemberLeft: dropDepartedMember,
        MemberRemoved: dropDepartedMember,
      },
    }),
  });
  return { roster: subscriptions.roster, stops };
}
