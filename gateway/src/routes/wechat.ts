import type { FastifyInstance } from 'fastify';

/**
 * The WeChat official account's server endpoint: GET answers the platform's URL check, POST receives signed
 * XML events (QR scans). The auth service verifies signatures; anything unsigned is refused.
 */
export default async function wechatRoutes(app: FastifyInstance) {
  app.addContentTypeParser(
    ['text/xml', 'application/xml'],
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_request, body, done) => done(null, body),
  );
  const query = (raw: unknown) =>
    Object.fromEntries(
      Object.entries((raw ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v).slice(0, 200)]),
    );

  // The platform signs its requests; it has no user token.
  const config = { access: 'public' } as const;

  app.get('/pmbok/wechat/callback', { config }, async (request, reply) => {
    const { accepted, reply: echo } = await app.services.auth.handleWechatCallback({
      query: query(request.query),
      body: '',
      verifyOnly: true,
    });
    return reply
      .status(accepted ? 200 : 403)
      .type('text/plain')
      .send(accepted ? echo : 'invalid signature');
  });

  app.post('/pmbok/wechat/callback', { config }, async (request, reply) => {
    const body = typeof request.body === 'string' ? request.body : '';
    const { accepted, reply: answer } = await app.services.auth.handleWechatCallback({
      query: query(request.query),
      body,
      verifyOnly: false,
    });
    return reply
      .status(accepted ? 200 : 403)
      .type('text/plain')
      .send(accepted ? answer : 'invalid signature');
  });
}
