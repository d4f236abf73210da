/** Who receives a push: one user (all their connections) or every member of a team. */
export type Audience = { userId: number } | { teamId: number };

export type RealtimeListener = (payload: unknown) => void;

/**
 * Live pushes to browsers. Adapters: in-process (embedded) and NATS (subjects `pmbok.user.<id>` and
 * `pmbok.team.<id>`, so a push reaches every gateway replica). Passes `realtimeContract`.
 */
export interface Realtime {
  publish(audience: Audience, payload: unknown): Promise<void>;
  /** Returns the function that ends the subscription. */
  subscribe(audience: Audience, listener: RealtimeListener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const subjectOf = (audience: Audience): string =>
  'userId' in audience ? `pmbok.user.${audience.userId}` : `pmbok.team.${audience.teamId}`;
