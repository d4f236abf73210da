import { defineCall } from '../../plugins/api.js';

export interface SystemInfo {
  /** `console`: no text message leaves the server; the code is printed where the server runs. */
  smsDelivery: 'console' | 'provider';
  devMode: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    systemInfo: SystemInfo;
  }
}

/** `system/info`: what the sign-in screens need to know about this installation (public, nothing secret). */
export const systemCalls = [
  defineCall({
    module: 'system',
    call: 'info',
    access: 'public',
    fields: {},
    handle: async (_body, { request }) => request.server.systemInfo,
  }),
];
