import type { Static } from '@sinclair/typebox';
import { defineCall } from '../../plugins/api.js';
import { SystemInfo } from '../../schemas/system.js';

declare module 'fastify' {
  interface FastifyInstance {
    systemInfo: Static<typeof SystemInfo>;
  }
}

/** `system/info`: what the sign-in screens need to know about this installation (public, nothing secret). */
export const systemCalls = [
  defineCall({
    module: 'system',
    call: 'info',
    access: 'public',
    response: SystemInfo,
    fields: {},
    handle: async (_body, { request }) => request.server.systemInfo,
  }),
];
