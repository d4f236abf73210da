import type { AuthEvents } from '@pmbok/auth-service/events';
import { documentProjection, publishedBy, type ReadStore } from '@pmbok/infra';
import { type PersonDoc, people } from './models.js';

/** Users' names from the auth topic: a task's assignee is named in what the model reads. */
export const peopleProjection = documentProjection({
  name: 'aiPeople',
  source: publishedBy<AuthEvents>('auth'),
  collection: people,
  stream: 'user',
  on: {
    UserRegistered: ({ data }) => ({ userId: data.userId, nickname: data.nickname, trueName: '' }),
    ProfileUpdated: ({ data }, doc) => doc && { ...doc, nickname: data.nickname, trueName: data.trueName },
    AccountClosed: ({ data }, doc) => doc && { ...doc, nickname: data.anonymisedName, trueName: '' },
  },
});

const nameOf = (person: PersonDoc) => person.trueName || person.nickname;

/** The names of the given users; unknown ones are left out. */
export async function namesOf(store: ReadStore, userIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0).map(String);
  if (ids.length === 0) return new Map();
  const found = await people(store).find({ _id: { $in: ids } });
  return new Map(found.map((person) => [person.userId, nameOf(person)]));
}
