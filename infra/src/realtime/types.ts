/**
 * Who receives a push: one user (all their connections), every member of a team, or a server-side topic (the
 * gateway's mock index listens on `mock` to drop a changed project's compiled routes on every replica; its session
 * cache and live sockets on `sessions` to forget ended sessions on every replica).
 */
export type Audience = { userId: number } | { teamId: number } | { topic: 'mock' | 'sessions' };

export type RealtimeListener = (payload: unknown) => void;

/**
 * Live pushes to browsers. Adapters: in-process (embedded) and NATS (subjects `pmbok.user.<id>`,
 * `pmbok.team.<id>` and `pmbok.topic.<name>`, so a push reaches every gateway replica). Passes `realtimeContract`.
 */
export interface Realtime {
  publish(audience: Audience, payload: unknown): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(audience: Audience, listener: RealtimeListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const subjectOf = (audience: Audience): string =>
  'userId' in audience
    ? `pmbok.user.${audience.userId}`
    : 'teamId' in audience
      ? `pmbok.team.${audience.teamId}`
      : `pmbok.topic.${audience.topic}`;
