import type { Collection, Doc, IndexSpec, Projection, ReadStore, RecordedEvent } from '@pmbok/infra';

/** Who users are (names, telephones), learnt from the auth service's events, to show members and find invitees. */
export interface PersonDoc extends Doc {
  userId: number;
  telephone: string;
  nickname: string;
  trueName: string;
  avatar: string;
}

const indexes: IndexSpec[] = [{ fields: { telephone: 1 }, unique: true }];
export const directory = (store: ReadStore): Collection<PersonDoc> => store.collection<PersonDoc>('directory', indexes);

/** Applies auth events; each sets fields to the event's values, so a redelivered event is harmless. */
export async function applyAuthEvent(store: ReadStore, event: RecordedEvent): Promise<void> {
  const _id = event.metadata.streamId.slice('user-'.length);
  switch (event.type) {
    case 'UserRegistered': {
      const data = event.data as { userId: number; telephone: string; nickname: string };
      await directory(store).put({
        _id,
        userId: data.userId,
        telephone: data.telephone,
        nickname: data.nickname,
        trueName: '',
        avatar: '',
      });
      return;
    }
    case 'ProfileUpdated': {
      const { nickname, trueName, avatar } = event.data as { nickname: string; trueName: string; avatar: string };
      await directory(store).updateOne({ _id }, { $set: { nickname, trueName, avatar } });
      return;
    }
    case 'AccountClosed': {
      const { anonymisedName } = event.data as { anonymisedName: string };
      await directory(store).updateOne(
        { _id },
        { $set: { nickname: anonymisedName, trueName: '', avatar: '', telephone: `closed:${_id}` } },
      );
      return;
    }
    case 'TelephoneChanged':
      await directory(store).updateOne({ _id }, { $set: { telephone: (event.data as { to: string }).to } });
      return;
  }
}

/** The directory as a projection of the auth service's topic. */
export const directoryProjection: Projection = {
  name: 'directory',
  canHandle: ['UserRegistered', 'ProfileUpdated', 'AccountClosed', 'TelephoneChanged'],
  handle: (event, store) => applyAuthEvent(store, event),
};
