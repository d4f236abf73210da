import { EventEmitter } from 'node:events';
import { type Realtime, subjectOf } from './types.js';

/** The embedded realtime adapter: an in-process emitter (one gateway process holds every socket). */
export function createMemoryRealtime(): Realtime {
  const emitter = new EventEmitter().setMaxListeners(0);
  return {
    async publish(audience, payload) {
      emitter.emit(subjectOf(audience), structuredClone(payload));
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
