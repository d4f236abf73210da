import { createLogger, loadRuntimeConfig, portFrom, runServiceProcess } from '@pmbok/infra';
import { startAiService } from './index.js';

const logger = createLogger('ai');
runServiceProcess(
  () =>
    startAiService({
      config: loadRuntimeConfig(),
      logger,
      host: process.env.GRPC_HOST ?? '0.0.0.0',
      port: portFrom(process.env, 'GRPC_PORT', 50056),
    }),
  logger,
);
