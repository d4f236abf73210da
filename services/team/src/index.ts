import {
  createConsoleSmsProvider,
  grpcService,
  type Logger,
  type RunningService,
  type RuntimeConfig,
  startService,
  statusImplementation,
} from '@pmbok/infra';
import { teamv1 } from '@pmbok/proto';
import { teamServiceImplementation } from './grpc.js';
import { activeTeamsProjection } from './projections/activeTeams/index.js';
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
  const sms = createConsoleSmsProvider(logger.child({ component: 'sms' }), { outbox: false });
  return startService(
    'team',
    {
      projections: [teamsProjection, activeTeamsProjection],
      reactions: (runtime) => startAuthReactions(runtime, logger),
      grpc: (runtime, projections) => {
        const teams = createTeams({
          runtime,
          projections,
          sms,
          logger,
          publicUrl: options.config.publicUrl,
          now: options.clock,
        });
        return [
          grpcService(teamv1.TeamServiceDefinition, {
            ...statusImplementation('team', runtime, projections),
            ...teamServiceImplementation(teams),
          }),
        ];
      },
    },
    options,
  );
}
