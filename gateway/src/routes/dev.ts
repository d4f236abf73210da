import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import { ClientError } from 'nice-grpc';
import { envelope } from '../plugins/envelope.js';

/**
 * Development-only routes. Registered only with SMS_PROVIDER=console, so they do not exist under a real
 * SMS provider: the outbox lets developers and end-to-end tests read the codes that were "sent".
 */
export default async function devRoutes(app: FastifyInstance) {
  app.get(
    '/pmbok/dev/sms-outbox',
    {
      schema: { querystring: Type.Object({ telephone: Type.String({ maxLength: 32 }) }) },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { telephone } = request.query as { telephone: string };
      try {
        const sent = await app.services.auth.getDevSmsOutbox({ telephone });
        if (!sent.code) return envelope(400, '该手机号没有发送过验证码');
        return envelope(200, 'success', { code: sent.code, smsType: sent.smsType, sentAt: sent.sentAt });
      } catch (error) {
        if (error instanceof ClientError) return reply.send(envelope(400, error.details));
        throw error;
      }
    },
  );
}
