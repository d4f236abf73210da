import { createLogger, loadRuntimeConfig, portFrom, runServiceProcess } from '@pmbok/infra';
import { startTaskService } from './index.js';

const logger = createLogger('task');
runServiceProcess(
  () =>
    startTaskService({
      config: loadRuntimeConfig(),
      logger,
      host: process.env.GRPC_HOST ?? '0.0.0.0',
      port: portFrom(process.env, 'GRPC_PORT', 50054),
    }),
  logger,
);
