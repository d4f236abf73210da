import { connectService } from '@pmbok/infra';
import { aiv1, authv1, messagingv1, projectv1, taskv1, teamv1 } from '@pmbok/proto';
import fp from 'fastify-plugin';
import type { ServiceName } from '../config.js';
import observability from './observability.js';

// Typed by name: the project contract spans several generated files, which a declaration cannot point into.
const definitions: {
  auth: typeof authv1.AuthServiceDefinition;
  team: typeof teamv1.TeamServiceDefinition;
  project: typeof projectv1.ProjectServiceDefinition;
  task: typeof taskv1.TaskServiceDefinition;
  messaging: typeof messagingv1.MessagingServiceDefinition;
  ai: typeof aiv1.AiServiceDefinition;
} = {
  auth: authv1.AuthServiceDefinition,
  team: teamv1.TeamServiceDefinition,
  project: projectv1.ProjectServiceDefinition,
  task: taskv1.TaskServiceDefinition,
  messaging: messagingv1.MessagingServiceDefinition,
  ai: aiv1.AiServiceDefinition,
};

type Connections = { [K in ServiceName]: ReturnType<typeof connectService<(typeof definitions)[K]>> };

declare module 'fastify' {
  interface FastifyInstance {
    /** gRPC clients of the six services. */
    services: { [K in ServiceName]: Connections[K]['client'] };
    /** gRPC health clients, for /readyz. */
    serviceHealth: { [K in ServiceName]: Connections[K]['health'] };
  }
}

export interface ServicesOptions {
  addresses: Record<ServiceName, string>;
  callTimeoutMs: number;
}

export default fp<ServicesOptions>(
  async (app, options) => {
    // The calls' metrics and traces, before any route: every request is measured, every gRPC call is its child.
    await app.register(observability);
    const connections = Object.fromEntries(
      (Object.keys(definitions) as ServiceName[]).map((name) => [
        name,
        connectService(definitions[name], options.addresses[name], options.callTimeoutMs),
      ]),
    ) as Connections;
    const pick = <F extends 'client' | 'health'>(field: F) =>
      Object.fromEntries(Object.entries(connections).map(([name, c]) => [name, c[field]]));
    app.decorate('services', pick('client') as FastifyServices);
    app.decorate('serviceHealth', pick('health') as FastifyServiceHealth);
    // Fastify runs plugin onClose hooks while the HTTP server still drains, so wait for answers in flight
    // before closing the channels they use (a SIGTERM must not fail requests already accepted).
    let inFlight = 0;
    let drained: (() => void) | undefined;
    const finished = () => {
      inFlight -= 1;
      if (inFlight === 0) drained?.();
    };
    // Live connections (WebSocket upgrades) are not answers in flight: they never get an onResponse, and
    // @fastify/websocket closes them on shutdown.
    const counted = (request: { headers: { upgrade?: string } }) =>
      request.headers.upgrade?.toLowerCase() !== 'websocket';
    // A response closes exactly once, finished or not (a streamed answer whose client went away never finishes).
    app.addHook('onRequest', (request, reply, done) => {
      if (counted(request)) {
        inFlight += 1;
        reply.raw.once('close', finished);
      }
      done();
    });
    app.addHook('onClose', async () => {
      if (inFlight > 0) {
        await new Promise<void>((resolve) => {
          drained = resolve;
          setTimeout(resolve, 10_000).unref();
        });
      }
      for (const connection of Object.values(connections)) connection.close();
    });
  },
  { name: 'services' },
);

type FastifyServices = import('fastify').FastifyInstance['services'];
type FastifyServiceHealth = import('fastify').FastifyInstance['serviceHealth'];
