import { createLogger, loadRuntimeConfig, portFrom, runServiceProcess } from '@pmbok/infra';
import { startProjectService } from './index.js';

const logger = createLogger('project');
runServiceProcess(
  () =>
    startProjectService({
      config: loadRuntimeConfig(),
      logger,
      host: process.env.GRPC_HOST ?? '0.0.0.0',
      port: portFrom(process.env, 'GRPC_PORT', 50053),
    }),
  logger,
);
