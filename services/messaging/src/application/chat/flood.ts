/**
 * At most `limit` posts per user per `windowMs` in this replica (docs/api/messaging.md "Flood"): a sliding window of
 * the post times of each user, forgotten once they are all older than the window.
 */
export function createFloodGuard(limit: number, windowMs: number, now: () => number) {
  const posts = new Map<number, number[]>();
  let sweptAt = 0;
  return {
    /** Counts a post and answers whether it is allowed. */
    allow(userId: number): boolean {
      const at = now();
      if (at - sweptAt > windowMs && posts.size > 1000) {
        sweptAt = at;
        for (const [user, times] of posts) if (times.at(-1)! <= at - windowMs) posts.delete(user);
      }
      const recent = (posts.get(userId) ?? []).filter((time) => time > at - windowMs);
      if (recent.length >= limit) {
        posts.set(userId, recent);
        return false;
      }
      recent.push(at);
      posts.set(userId, recent);
      return true;
    },
  };
}

/** At most one typing push per user and conversation per `intervalMs`. */
export function createTypingThrottle(intervalMs: number, now: () => number) {
  const last = new Map<string, number>();
  return (userId: number, conversationId: string): boolean => {
    const at = now();
    const key = `${userId}:${conversationId}`;
    if (at - (last.get(key) ?? Number.NEGATIVE_INFINITY) < intervalMs) return false;
    if (last.size > 10_000) for (const [k, time] of last) if (at - time >= intervalMs) last.delete(k);
    last.set(key, at);
    return true;
  };
}
