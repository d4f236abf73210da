import { createLogger, loadRuntimeConfig, portFrom, runServiceProcess } from '@pmbok/infra';
import { startTeamService } from './index.js';

const logger = createLogger('team');
runServiceProcess(
  () =>
    startTeamService({
      config: loadRuntimeConfig(),
      logger,
      host: process.env.GRPC_HOST ?? '0.0.0.0',
      port: portFrom(process.env, 'GRPC_PORT', 50052),
    }),
  logger,
);
