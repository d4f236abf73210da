import { startAiService } from '@pmbok/ai-service';
import { startAuthService } from '@pmbok/auth-service';
import { collectProcessMetrics, createLogger, type RunningService } from '@pmbok/infra';
import { startMessagingService } from '@pmbok/messaging-service';
import { startProjectService } from '@pmbok/project-service';
import { startTaskService } from '@pmbok/task-service';
import { startTeamService } from '@pmbok/team-service';
import { startBanner } from './banner.js';
import { loadGatewayConfig, type ServiceName } from './config.js';
import { startMetricsServer } from './routes/metrics.js';
import { buildServer } from './server.js';

/**
 * The embedded default: the six services and the gateway in one process. The services still listen on loopback
 * gRPC ports; the gateway's clients call them in process through the same contract, codecs and middleware
 * (docs/adr/0019-in-process-transport.md), or over loopback gRPC with PMBOK_GRPC_TRANSPORT=network.
 */
async function main() {
  collectProcessMetrics();
  const config = loadGatewayConfig();
  const logger = createLogger('pmbok', config.runtime.logLevel);
  const options = { config: config.runtime, logger, host: '127.0.0.1', port: 0 };
  const starters = {
    auth: startAuthService,
    team: startTeamService,
    project: startProjectService,
    task: startTaskService,
    messaging: startMessagingService,
    ai: startAiService,
  } satisfies Record<ServiceName, unknown>;
  const services: RunningService[] = [];
  for (const start of Object.values(starters)) services.push(await start(options));
  const addresses = Object.fromEntries(services.map((s) => [s.name, s.address])) as Record<ServiceName, string>;

  const server = await buildServer(config, addresses);
  await server.listen({ port: config.port, host: config.host });
  const metrics = await startMetricsServer(config.metrics, server.log);
  logger.info(`pmbok is serving on http://localhost:${(server.server.address() as { port: number }).port}`);
  const banner = startBanner(config.runtime);
  if (banner) console.warn(banner);

  const shutdown = async () => {
    await server.close();
    await metrics?.close();
    for (const service of services.reverse()) await service.stop();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown());
  process.once('SIGINT', () => void shutdown());
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
