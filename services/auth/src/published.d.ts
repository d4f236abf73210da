/**
 * The events the auth service publishes to other services (its `auth` topic), by type: the version of each one's
 * data and the fields other services may read. Types only: consumers `import type` this module through
 * `@pmbok/auth-service/events` (ADR 9); nothing here may become runtime code.
 *
 * Streams: `user-<userId>` (read the id back with `parseStreamId(streamId, 'user')`). Everything else in the log
 * (sessions, password hashes, codes, claims) is the service's own: a consumer that reads it does not compile.
 */
export interface AuthEvents {
  UserRegistered: {
    version: 1;
    data: { userId: number; telephone: string; nickname: string; shareCode: string; inviterShareCode: string };
  };
  ProfileUpdated: {
    version: 1;
    data: { nickname: string; trueName: string; avatar: string; introduction: string; sex: number };
  };
  TelephoneChanged: { version: 1; data: { from: string; to: string } };
  /** Read models erase the account's personal data and show `anonymisedName` in history. */
  AccountClosed: { version: 1; data: { anonymisedName: string } };
}
