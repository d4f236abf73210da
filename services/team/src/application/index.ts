import { createTeamContext, type TeamDeps } from './context.js';
import { createInvitations } from './invitations.js';
import { createMembers } from './members.js';
import { createMyTeams } from './myTeams.js';
import { createShareCodes } from './shareCodes.js';
import { createTeams } from './teams.js';

/** The team service's use cases, sharing one context. */
export function createTeamUseCases(deps: TeamDeps) {
  const context = createTeamContext(deps);
  return {
    teams: createTeams(context),
    shareCodes: createShareCodes(context),
    members: createMembers(context),
    myTeams: createMyTeams(context),
    invitations: createInvitations(context),
  };
}

export type TeamUseCases = ReturnType<typeof createTeamUseCases>;
export type { TeamDeps } from './context.js';
