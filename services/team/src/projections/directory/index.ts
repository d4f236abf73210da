import type { Collection, Doc, IndexSpec, ReadStore, RecordedEvent } from '@pmbok/infra';

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

/** Applies auth events; putting by user id makes a redelivered event harmless. */
export async function applyAuthEvent(store: ReadStore, event: RecordedEvent): Promise<void> {
  if (event.type !== 'UserRegistered') return;
  const data = event.data as { userId: number; telephone: string; nickname: string };
  await directory(store).put({
    _id: String(data.userId),
    userId: data.userId,
    telephone: data.telephone,
    nickname: data.nickname,
    trueName: '',
    avatar: '',
  });
}
