import type { AuthEvents } from '@pmbok/auth-service/events';
import { type Doc, documentProjection, type IndexSpec, publishedBy, type ReadStore, readModel } from '@pmbok/infra';

/**
 * Who users are, learnt from the auth service's events: names and telephones for the feedback list, and the
 * registration order and telephones the administrator rule reads (see the service's README).
 */
export interface UserDoc extends Doc {
  userId: number;
  nickname: string;
  trueName: string;
  /** Empty once the account is closed. */
  telephone: string;
  registeredAt: number;
  /** Position of `UserRegistered` in the auth log: the instance's registration order. */
  registrationOrder: number;
  closed: boolean;
}

const indexes: IndexSpec[] = [{ fields: { telephone: 1 } }, { fields: { registrationOrder: 1 } }];
export const users = readModel<UserDoc>('users', indexes);

/** How a user is named: the true name when given, else the nickname (the anonymised name of a closed account). */
export const displayName = (user: UserDoc | null | undefined) => user?.trueName || user?.nickname || '';

/** The given users by id; unknown ones are left out. */
export async function usersById(store: ReadStore, userIds: Iterable<number>): Promise<Map<number, UserDoc>> {
  const ids = [...new Set(userIds)].filter((id) => id > 0);
  // By `_id` (the user id, as the projection keys them): lookups, not a scan of every user.
  const found = await users(store).find({ _id: { $in: ids.map(String) } });
  return new Map(found.map((user) => [user.userId, user]));
}

/** Fed from the bus: documents remember the auth log position they applied, so redelivery changes nothing. */
export const usersProjection = documentProjection({
  source: publishedBy<AuthEvents>('auth'),
  collection: users,
  stream: 'user',
  on: {
    UserRegistered: ({ data, metadata }) => ({
      userId: data.userId,
      nickname: data.nickname,
      trueName: '',
      telephone: data.telephone,
      registeredAt: metadata.at,
      registrationOrder: metadata.globalPosition,
      closed: false,
    }),
    ProfileUpdated: ({ data }, doc) => doc && { ...doc, nickname: data.nickname, trueName: data.trueName },
    TelephoneChanged: ({ data }, doc) => doc && { ...doc, telephone: data.to },
    // As in the task roster: a closed account keeps only the anonymised name its feedback is shown with, and its
    // place in the registration order (so administrator rights never pass silently to the next account).
    AccountClosed: ({ data }, doc) =>
      doc && { ...doc, nickname: data.anonymisedName, trueName: '', telephone: '', closed: true },
  },
});
