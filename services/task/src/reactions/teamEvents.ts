import {
  DomainError,
  feedReadModel,
  handleCommand,
  type Logger,
  type RecordedEvent,
  type ServiceRuntime,
} from '@pmbok/infra';
import type { Templates } from '../application/templates.js';
import { taskProjectDecider } from '../domain/taskProject/businessLogic.js';
import { taskProjectStreamId } from '../domain/taskProject/taskProject.js';
import { taskProjects } from '../projections/taskProjects/index.js';
import { teamMembersProjection } from '../projections/teamMembers/index.js';

type TeamTemplates = { sourceTaskProjectIds?: number[] };

/** A member who leaves or is removed from a team leaves that team's task projects (an owner keeps theirs). */
async function dropDepartedMember(runtime: ServiceRuntime, event: RecordedEvent) {
  const teamId = Number(event.metadata.streamId.slice('team-'.length));
  const { userId } = event.data as { userId: number };
  for (const project of await taskProjects(runtime.readStore).find({ teamId, 'members.userId': userId })) {
    await handleCommand(
      runtime.eventStore,
      taskProjectStreamId(project.taskProjectId),
      taskProjectDecider,
      { type: 'DropDepartedMember', data: { userId } },
      { commandId: `team-left:${event.metadata.eventId}:${project.taskProjectId}`, teamId: String(teamId) },
    );
  }
}

/**
 * Consumers of the team service's events:
 * - the teamMembers read model (its offset lives in the read store, so an in-memory roster is rebuilt);
 * - team templates and departures (a durable offset; command ids make a redelivered event change nothing twice).
 */
export async function startTeamReactions(runtime: ServiceRuntime, templates: Templates, logger: Logger) {
  const roster = await feedReadModel(runtime, {
    topic: 'team',
    group: 'task-team-members',
    projection: teamMembersProjection,
  });
  const policies = await runtime.eventBus.subscribe({
    topic: 'team',
    group: 'task-team-policies',
    handler: async (events) => {
      for (const event of events) {
        const teamId = Number(event.metadata.streamId.slice('team-'.length));
        const eventId = event.metadata.eventId;
        if (event.type === 'TeamCreated' || event.type === 'TeamInitialized') {
          // The owner chose the templates at creation; in the guide, the member who set the team up did.
          const ownerId =
            event.type === 'TeamCreated' ? (event.data as { ownerId: number }).ownerId : Number(event.metadata.actor);
          for (const sourceTaskProjectId of (event.data as TeamTemplates).sourceTaskProjectIds ?? []) {
            // A template that can no longer be copied is skipped, never retried forever.
            await templates.copyIntoTeam({ teamId, ownerId, sourceTaskProjectId, eventId }).catch((error) => {
              if (!(error instanceof DomainError)) throw error;
              logger.warn({ err: error, teamId, sourceTaskProjectId }, 'task template not copied');
            });
          }
        } else if (event.type === 'MemberLeft' || event.type === 'MemberRemoved') {
          await dropDepartedMember(runtime, event);
          logger.info({ teamId, eventId }, 'departed team member removed from task projects');
        }
      }
    },
  });
  return { roster, stops: [() => roster.stop(), () => policies.stop()] };
}
