import { createLogger, loadRuntimeConfig, portFrom, runServiceProcess } from '@pmbok/infra';
import { startAuthService } from './index.js';

const logger = createLogger('auth');
runServiceProcess(
  () =>
    startAuthService({
      config: loadRuntimeConfig(),
      logger,
      host: process.env.GRPC_HOST ?? '0.0.0.0',
      port: portFrom(process.env, 'GRPC_PORT', 50051),
    }),
  logger,
);
