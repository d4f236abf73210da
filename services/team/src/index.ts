import { createSmsProvider, defineService } from '@pmbok/infra';
import { teamv1 } from '@pmbok/proto';
import { createTeamUseCases } from './application/index.js';
import { teamServiceImplementation } from './grpc.js';
import { activeTeamsProjection } from './projections/activeTeams/index.js';
import { invitationsProjection } from './projections/invitations/index.js';
import { teamsProjection } from './projections/teams/index.js';
import { startAuthReactions } from './reactions/authEvents.js';

/** The team service: teams, members and roles, share codes, invitations by telephone, the active team. */
export const startTeamService = defineService({
  name: 'team',
  contract: teamv1.TeamServiceDefinition,
  projections: [teamsProjection, activeTeamsProjection, invitationsProjection],
  reactions: (service) => startAuthReactions(service),
  calls: (service, { directory }) => {
    // Codes are read from the auth service's outbox; invitations need none.
    const sms = createSmsProvider(service.config, service.logger.child({ component: 'sms' }), { outbox: false });
    return teamServiceImplementation(
      createTeamUseCases({
        ...service,
        sms,
        publicUrl: service.config.publicUrl,
        directoryCaughtUp: async () => directory.catchUp(2_000),
      }),
    );
  },
});
