import { createLogger, loadRuntimeConfig, portFrom, runServiceProcess } from '@pmbok/infra';
import { startMessagingService } from './index.js';

const logger = createLogger('messaging');
runServiceProcess(
  () =>
    startMessagingService({
      config: loadRuntimeConfig(),
      logger,
      host: process.env.GRPC_HOST ?? '0.0.0.0',
      port: portFrom(process.env, 'GRPC_PORT', 50055),
    }),
  logger,
);
