import type { AuthEvents } from '@pmbok/auth-service/events';
import { type Doc, documentProjection, publishedBy, type ReadStore, readModel } from '@pmbok/infra';

/** Names and avatars of users, learnt from the auth service's events, for member lists and documents. */
export interface PersonDoc extends Doc {
  userId: number;
  nickname: string;
  trueName: string;
  avatar: string;
}

export const people = readModel<PersonDoc>('people');

/** How a person is named: the true name when given, else the nickname. */
export const displayName = (person: Pick<PersonDoc, 'nickname' | 'trueName'> | null | undefined) =>
  person?.trueName || person?.nickname || '';

/** The given users, by id; unknown ones are left out. */
export async function peopleOf(store: ReadStore, userIds: Iterable<number>): Promise<Map<number, Readonly<PersonDoc>>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0);
  // By `_id` (the user id, as the projection keys them): lookups, not a scan of everyone the service has heard of.
  const found = await people(store).view({ _id: { $in: ids.map(String) } });
  return new Map(found.map((person) => [person.userId, person]));
}

/** Display names of the given users; unknown ones are left out. */
export async function namesOf(store: ReadStore, userIds: Iterable<number>): Promise<Map<number, string>> {
  const found = await peopleOf(store, userIds);
  return new Map([...found].map(([id, person]) => [id, displayName(person)]));
}

export const peopleProjection = documentProjection({
  source: publishedBy<AuthEvents>('auth'),
  collection: people,
  stream: 'user',
  on: {
    UserRegistered: ({ data }) => ({ userId: data.userId, nickname: data.nickname, trueName: '', avatar: '' }),
    ProfileUpdated: ({ data }, doc) =>
      doc && { ...doc, nickname: data.nickname, trueName: data.trueName, avatar: data.avatar },
    // A closed account keeps only the anonymised name its history is shown with.
    AccountClosed: ({ data }, doc) => doc && { ...doc, nickname: data.anonymisedName, trueName: '', avatar: '' },
  },
});
