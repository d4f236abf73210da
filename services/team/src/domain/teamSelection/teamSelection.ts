import { type Decider, type DomainEvent, forbidden, streamId } from '@pmbok/infra';

/** The team a user works in, remembered across devices (SPEC §4 selected team). */
export type ActiveTeamChosen = DomainEvent<'ActiveTeamChosen', { userId: number; teamId: number }>;
export type TeamSelection = { teamId: number };
export type ChooseActiveTeam = {
  type: 'ChooseActiveTeam';
  data: { userId: number; teamId: number; isMember: boolean };
};

export const teamSelectionStreamId = (userId: number) => streamId('teamSelection', userId);

export const teamSelectionDecider: Decider<TeamSelection, ChooseActiveTeam, ActiveTeamChosen> = {
  initialState: () => ({ teamId: 0 }),
  evolve: (_state, event) => ({ teamId: event.data.teamId }),
  decide(command, state) {
    if (!command.data.isMember) throw forbidden('你不是该团队的成员');
    if (state.teamId === command.data.teamId) return [];
    return [{ type: 'ActiveTeamChosen', data: { userId: command.data.userId, teamId: command.data.teamId } }];
  },
};
