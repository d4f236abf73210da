import {
  createSmsProvider,
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  type Subscription,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { teamv1 } from '@pmbok/proto';
import { teamServiceImplementation } from './grpc.js';
import { createInvitations } from './invitations.js';
import { activeTeamsProjection } from './projections/activeTeams/index.js';
import { invitationsProjection } from './projections/invitations/index.js';
import { teamsProjection } from './projections/teams/index.js';
import { startAuthReactions } from './reactions/authEvents.js';
import { createTeams } from './teams.js';

export function startTeamService(options: {
  config: RuntimeConfig;
  logger: Logger;
  host?: string;
  port?: number;
  clock?: () => number;
}): Promise<RunningService> {
  const logger = options.logger.child({ service: 'team' });
  // Codes are read from the auth service's outbox; invitations need none.
  const sms = createSmsProvider(options.config, logger.child({ component: 'sms' }), { outbox: false });
  let directory: Subscription | undefined;
  return startService(
    'team',
    {
      projections: [teamsProjection, activeTeamsProjection, invitationsProjection],
      reactions: async (runtime) => {
        const auth = await startAuthReactions(runtime);
        directory = auth.directory;
        return auth.stops;
      },
      grpc: (runtime, projections) => {
        const teams = createTeams({ runtime, projections, now: options.clock });
        const invitations = createInvitations({
          runtime,
          projections,
          sms,
          logger,
          publicUrl: options.config.publicUrl,
          now: options.clock,
          directoryCaughtUp: async () => directory?.catchUp(2_000),
        });
        return [
          grpcService(teamv1.TeamServiceDefinition, {
            ...statusImplementation('team', runtime, projections),
            ...teamServiceImplementation(teams, invitations),
          }),
        ];
      },
    },
    options,
  );
}
