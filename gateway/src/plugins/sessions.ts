import { endedSessionsOf, type Realtime } from '@pmbok/infra';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Identity } from './caller.js';

interface Kept extends Identity {
  until: number;
}

/**
 * Verified sessions in memory, so a request costs no call to the auth service. An answer is kept until the session
 * expires, at most `ttlMs`, and forgotten at once when the auth service announces the session ended (the realtime
 * port's `sessions` topic reaches every replica before the call that ended it is answered). The cap bounds memory;
 * the oldest answers go first.
 */
export class SessionCache {
  private readonly byToken = new Map<string, Kept>();
  private readonly tokenOf = new Map<string, string>();

  constructor(
    private readonly ttlMs = 60_000,
    private readonly max = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  get(token: string): Identity | undefined {
    const kept = this.byToken.get(token);
    if (!kept) return undefined;
    if (kept.until > this.now()) return kept;
    this.forget(kept.sessionId);
    return undefined;
  }

  keep(token: string, identity: Identity, expiresAt: number) {
    if (this.ttlMs <= 0) return;
    const until = Math.min(this.now() + this.ttlMs, expiresAt || Number.POSITIVE_INFINITY);
    if (this.byToken.size >= this.max) {
      const oldest = this.byToken.values().next().value;
      if (oldest) this.forget(oldest.sessionId);
    }
    this.byToken.set(token, { userId: identity.userId, sessionId: identity.sessionId, until });
    this.tokenOf.set(identity.sessionId, token);
  }

  forget(sessionId: string) {
    const token = this.tokenOf.get(sessionId);
    if (token === undefined) return;
    this.tokenOf.delete(sessionId);
    this.byToken.delete(token);
  }

  get size() {
    return this.byToken.size;
  }
}

type Ended = () => void;

/** What the gateway knows of sessions: the cache, and who must hear when one ends (its live sockets). */
export interface Sessions {
  cache: SessionCache;
  /** Calls `onEnded` when the session ends; returns the function that stops watching. */
  watch(sessionId: string, onEnded: Ended): () => void;
}

declare module 'fastify' {
  interface FastifyInstance {
    sessions: Sessions;
  }
}

/** `app.sessions`, fed by the realtime port's `sessions` topic for as long as the gateway runs. */
export default fp<{ realtime: Realtime; ttlMs?: number }>(
  async (app: FastifyInstance, { realtime, ttlMs }) => {
    const cache = new SessionCache(ttlMs);
    const watchers = new Map<string, Set<Ended>>();
    const stop = await realtime.subscribe({ topic: 'sessions' }, (payload) => {
      for (const sessionId of endedSessionsOf(payload) ?? []) {
        cache.forget(sessionId);
        for (const onEnded of watchers.get(sessionId) ?? []) onEnded();
        watchers.delete(sessionId);
      }
    });
    app.addHook('onClose', async () => stop());
    app.decorate('sessions', {
      cache,
      watch(sessionId, onEnded) {
        const set = watchers.get(sessionId) ?? new Set<Ended>();
        set.add(onEnded);
        watchers.set(sessionId, set);
        return () => {
          set.delete(onEnded);
          if (set.size === 0 && watchers.get(sessionId) === set) watchers.delete(sessionId);
        };
      },
    } satisfies Sessions);
  },
  { name: 'sessions' },
);
