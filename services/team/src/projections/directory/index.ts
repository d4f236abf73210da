import type { AuthEvents } from '@pmbok/auth-service/events';
import { type Doc, type IndexSpec, parseStreamId, projection, publishedBy, readModel } from '@pmbok/infra';

/** Who users are (names, telephones), learnt from the auth service's events, to show members and find invitees. */
export interface PersonDoc extends Doc {
  userId: number;
  telephone: string;
  nickname: string;
  trueName: string;
  avatar: string;
}

const indexes: IndexSpec[] = [{ fields: { telephone: 1 }, unique: true }];
export const directory = readModel<PersonDoc>('directory', indexes);

const userOf = (streamId: string) => String(parseStreamId(streamId, 'user'));

/**
 * The directory as a projection of the auth service's topic. Each event sets fields to the event's values (the
 * telephone index is unique, so no per-document position is kept), and a redelivered event is harmless.
 */
export const directoryProjection = projection({
  name: 'directory',
  source: publishedBy<AuthEvents>('auth'),
  on: {
    UserRegistered: async ({ data }, store) =>
      directory(store).put({
        _id: String(data.userId),
        userId: data.userId,
        telephone: data.telephone,
        nickname: data.nickname,
        trueName: '',
        avatar: '',
      }),
    ProfileUpdated: async ({ data: { nickname, trueName, avatar }, metadata }, store) => {
      await directory(store).updateOne({ _id: userOf(metadata.streamId) }, { $set: { nickname, trueName, avatar } });
    },
    AccountClosed: async ({ data, metadata }, store) => {
      const _id = userOf(metadata.streamId);
      await directory(store).updateOne(
        { _id },
        { $set: { nickname: data.anonymisedName, trueName: '', avatar: '', telephone: `closed:${_id}` } },
      );
    },
    TelephoneChanged: async ({ data, metadata }, store) => {
      await directory(store).updateOne({ _id: userOf(metadata.streamId) }, { $set: { telephone: data.to } });
    },
  },
});
