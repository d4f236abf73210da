import { documentProjection, publishedBy } from '@pmbok/infra';
import type { TeamEvents } from '@pmbok/team-service/events';
import { workTeams } from './models.js';

/** Teams' names from the team topic (who belongs is infra's roster, `teamMembersProjection`). */
export const workTeamProjection = documentProjection({
  name: 'msgWorkTeams',
  source: publishedBy<TeamEvents>('team'),
  collection: workTeams,
  stream: 'team',
  on: {
    TeamCreated: ({ data }) => ({ teamId: data.teamId, name: data.name }),
    TeamInitialized: ({ data }, doc) => doc && { ...doc, name: data.name },
    TeamUpdated: ({ data }, doc) => doc && { ...doc, name: data.name },
  },
});
