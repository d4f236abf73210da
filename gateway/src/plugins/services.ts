import { connectService } from '@pmbok/infra';
import { aiv1, authv1, messagingv1, projectv1, taskv1, teamv1 } from '@pmbok/proto';
import fp from 'fastify-plugin';
import type { ServiceName } from '../config.js';

const definitions = {
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
    app.addHook('onClose', async () => {
      for (const connection of Object.values(connections)) connection.close();
    });
  },
  { name: 'services' },
);

type FastifyServices = import('fastify').FastifyInstance['services'];
type FastifyServiceHealth = import('fastify').FastifyInstance['serviceHealth'];
