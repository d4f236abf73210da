import { type Collection, type Doc, documentProjection, type ReadStore } from '@pmbok/infra';

/** Names of users, learnt from the auth service's events, for member lists and the activity log. */
export interface PersonDoc extends Doc {
  userId: number;
  nickname: string;
  trueName: string;
}

const COLLECTION = 'people';
export const people = (store: ReadStore): Collection<PersonDoc> => store.collection<PersonDoc>(COLLECTION);

/** How a person is named: the true name when given, else the nickname. */
export const displayName = (person: PersonDoc | null | undefined) => person?.trueName || person?.nickname || '';

/** Names of the given users; unknown ones are left out. */
export async function namesOf(store: ReadStore, userIds: Iterable<number>): Promise<Map<number, string>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0);
  const found = await people(store).find({ userId: { $in: ids } });
  return new Map(found.map((person) => [person.userId, displayName(person)]));
}

export const peopleProjection = documentProjection<PersonDoc>({
  name: 'people',
  collection: COLLECTION,
  canHandle: ['UserRegistered', 'ProfileUpdated', 'AccountClosed'],
  documentId: (event) => event.metadata.streamId.slice('user-'.length),
  evolve(doc, event) {
    const userId = Number(event.metadata.streamId.slice('user-'.length));
    const data = event.data as { nickname?: string; trueName?: string; anonymisedName?: string };
    switch (event.type) {
      case 'UserRegistered':
        return { _id: String(userId), userId, nickname: data.nickname ?? '', trueName: '' };
      case 'ProfileUpdated':
        return doc && { ...doc, nickname: data.nickname ?? doc.nickname, trueName: data.trueName ?? '' };
      case 'AccountClosed':
        // A closed account keeps only the anonymised name its history is shown with.
        return doc && { ...doc, nickname: data.anonymisedName ?? '', trueName: '' };
      default:
        return doc;
    }
  },
});
