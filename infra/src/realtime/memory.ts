import { EventEmitter } from 'node:events';
import { type Realtime, subjectOf } from './types.js';

/** The embedded realtime adapter: an in-process emitter (one gateway process holds every socket). */
export function createMemoryRealtime(): Realtime {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(audience, payload) {
      const subject = subjectOf(audience);
      // Most pushes go to members with no socket open here: no copy for nobody (issue 24).
      if (emitter.listenerCount(subject) > 0) emitter.emit(subject, structuredClone(payload));
    },
    async subscribe(audience, listener) {
      const subject = subjectOf(audience);
      emitter.on(subject, listener);
      return async () => void emitter.off(subject, listener);
    },
    async close() {
      emitter.removeAllListeners();
    },
  };
}

let shared: Realtime | undefined;

/**
 * The in-process realtime every component of one process shares (the embedded default: services publish,
 * the gateway's sockets subscribe). Closing it is a no-op: the process owns it.
 */
export function processRealtime(): Realtime {
  if (!shared) {
    const realtime = createMemoryRealtime();
    shared = { ...realtime, close: async () => {} };
  }
  return shared;
}
