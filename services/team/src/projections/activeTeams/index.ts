import { type Collection, type Doc, documentProjection, type ReadStore } from '@pmbok/infra';
import type { ActiveTeamChosen } from '../../domain/teamSelection/teamSelection.js';

export interface ActiveTeamDoc extends Doc {
  userId: number;
  teamId: number;
}

export const activeTeams = (store: ReadStore): Collection<ActiveTeamDoc> =>
  store.collection<ActiveTeamDoc>('activeTeams');

export const activeTeamsProjection = documentProjection<ActiveTeamDoc>({
  name: 'activeTeams',
  collection: 'activeTeams',
  canHandle: ['ActiveTeamChosen'],
  documentId: (event) => String((event.data as ActiveTeamChosen['data']).userId),
  evolve: (_doc, event) => {
    const { userId, teamId } = event.data as ActiveTeamChosen['data'];
    return { _id: String(userId), userId, teamId };
  },
});
