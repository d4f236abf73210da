import type { AuthEvents } from '@pmbok/auth-service/events';
import { type Doc, documentProjection, publishedBy, type ReadStore, readModel } from '@pmbok/infra';

/** Names of users, learnt from the auth service's events, for member lists and the activity log. */
export interface PersonDoc extends Doc {
  userId: number;
  nickname: string;
  trueName: string;
}

export const people = readModel<PersonDoc>('people');

/** How a person is named: the true name when given, else the nickname. */
export const displayName = (person: PersonDoc | null | undefined) => person?.trueName || person?.nickname || '';

/** Names of the given users; unknown ones are left out. */
export async function namesOf(store: ReadStore, userIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0);
  // By key (a person's document is keyed by the user's id): lookups, not a scan of everyone.
  const found = await people(store).view({ _id: { $in: ids.map(String) } });
  return new Map(found.map((person) => [person.userId, displayName(person)]));
}

export const peopleProjection = documentProjection({
  source: publishedBy<AuthEvents>('auth'),
  collection: people,
  stream: 'user',
  on: {
    UserRegistered: ({ data }) => ({ userId: data.userId, nickname: data.nickname, trueName: '' }),
    ProfileUpdated: ({ data }, doc) => doc && { ...doc, nickname: data.nickname, trueName: data.trueName },
    // A closed account keeps only the anonymised name its history is shown with.
    AccountClosed: ({ data }, doc) => doc && { ...doc, nickname: data.anonymisedName, trueName: '' },
  },
});
