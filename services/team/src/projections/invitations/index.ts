import type { Collection, Doc, IndexSpec, Projection, ReadStore } from '@pmbok/infra';
import type { TeamEvent } from '../../domain/team/team.js';

/** A pending invitation: what the team typed (the telephone), who invited and when; nothing about the invitee. */
export interface InvitationDoc extends Doc {
  teamId: number;
  telephone: string;
  inviterId: number;
  invitedAt: number;
}

const indexes: IndexSpec[] = [{ fields: { telephone: 1 } }, { fields: { teamId: 1 } }];
export const invitations = (store: ReadStore): Collection<InvitationDoc> =>
  store.collection<InvitationDoc>('invitations', indexes);

/**
 * Pending invitations, by telephone for the invitee and by team for its managers. Each event puts or deletes one
 * document, and a stream's events come in order, so a redelivered run of events ends in the same state.
 */
export const invitationsProjection: Projection = {
  name: 'invitations',
  canHandle: ['TelephoneInvited', 'MemberJoined', 'InvitationDeclined', 'InvitationRevoked'],
  async handle(recorded, store) {
    const event = recorded as unknown as TeamEvent;
    const teamId = Number(recorded.metadata.streamId.slice('team-'.length));
    switch (event.type) {
      case 'TelephoneInvited': {
        const { telephone, inviterId } = event.data;
        await invitations(store).put({
          _id: `${teamId}:${telephone}`,
          teamId,
          telephone,
          inviterId,
          invitedAt: recorded.metadata.at,
        });
        return;
      }
      case 'MemberJoined':
        if (event.data.telephone) await invitations(store).deleteOne({ _id: `${teamId}:${event.data.telephone}` });
        return;
      case 'InvitationDeclined':
      case 'InvitationRevoked':
        await invitations(store).deleteOne({ _id: `${teamId}:${event.data.telephone}` });
        return;
    }
  },
};
