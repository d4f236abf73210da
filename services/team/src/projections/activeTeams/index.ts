import { type Doc, documentProjection, ownLog, readModel } from '@pmbok/infra';
import type { ActiveTeamChosen } from '../../domain/teamSelection/teamSelection.js';

export interface ActiveTeamDoc extends Doc {
  userId: number;
  teamId: number;
}

export const activeTeams = readModel<ActiveTeamDoc>('activeTeams');

export const activeTeamsProjection = documentProjection({
  source: ownLog<ActiveTeamChosen>(),
  collection: activeTeams,
  stream: 'teamSelection',
  on: {
    ActiveTeamChosen: ({ data: { userId, teamId } }) => ({ userId, teamId }),
  },
});
