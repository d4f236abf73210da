import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** The console is a static bundle under /system/ (invite links are {host}/system/#/invite/{code}). */
export default async function consoleRoutes(app: FastifyInstance, options: { consoleDir: string }) {
  app.get('/', (_request, reply) => reply.redirect('/system/'));
  if (!existsSync(options.consoleDir)) {
    app.get('/system/*', (_request, reply) =>
      reply.status(503).type('text/plain; charset=utf-8').send('The console is not built: run `npm run build`.'),
    );
    return;
  }
  // The build writes .br and .gz beside each script and page (console/build/precompressed.ts): sent to browsers
  // that accept them, so a first visit moves about a third of the bytes. A cache between must keep them apart.
  await app.register(fastifyStatic, {
    root: options.consoleDir,
    prefix: '/system/',
    redirect: true,
    preCompressed: true,
    setHeaders: (response) => response.setHeader('vary', 'accept-encoding'),
  });
}
