import { type Doc, type IndexSpec, ownLog, parseStreamId, projection, readModel } from '@pmbok/infra';
import type { TeamEvent } from '../../domain/team/team.js';

/** A pending invitation: what the team typed (the telephone), who invited and when; nothing about the invitee. */
export interface InvitationDoc extends Doc {
  teamId: number;
  telephone: string;
  inviterId: number;
  invitedAt: number;
}

const indexes: IndexSpec[] = [{ fields: { telephone: 1 } }, { fields: { teamId: 1 } }];
export const invitations = readModel<InvitationDoc>('invitations', indexes);

const invitationId = (streamId: string, telephone: string) => `${parseStreamId(streamId, 'team')}:${telephone}`;

/** The invitation an event ends is no longer pending. */
const ended = async (
  { data, metadata }: { data: { telephone?: string }; metadata: { streamId: string } },
  store: Parameters<typeof invitations>[0],
) => {
  if (data.telephone) await invitations(store).deleteOne({ _id: invitationId(metadata.streamId, data.telephone) });
};

/**
 * Pending invitations, by telephone for the invitee and by team for its managers. Each event puts or deletes one
 * document, and a stream's events come in order, so a redelivered run of events ends in the same state.
 */
export const invitationsProjection = projection({
  name: 'invitations',
  source: ownLog<TeamEvent>(),
  on: {
    TelephoneInvited: async ({ data: { telephone, inviterId }, metadata }, store) =>
      invitations(store).put({
        _id: invitationId(metadata.streamId, telephone),
        teamId: parseStreamId(metadata.streamId, 'team'),
        telephone,
        inviterId,
        invitedAt: metadata.at,
      }),
    MemberJoined: ended,
    InvitationDeclined: ended,
    InvitationRevoked: ended,
  },
});
