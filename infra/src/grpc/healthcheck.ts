// A container health check: `node infra/dist/grpc/healthcheck.js [host:port]` exits 0 when the gRPC server
// at that address (default 127.0.0.1:$GRPC_PORT) reports SERVING, 1 otherwise.
import { createChannel, createClient } from 'nice-grpc';
import { HealthDefinition } from 'nice-grpc-server-health';
import { HealthCheckResponse_ServingStatus } from 'nice-grpc-server-health/lib/proto/grpc/health/v1/health.js';

const address = process.argv[2] ?? `127.0.0.1:${process.env.GRPC_PORT ?? ''}`;
const channel = createChannel(address);
try {
  const health = createClient(HealthDefinition, channel);
  const { status } = await health.check({ service: '' }, { signal: AbortSignal.timeout(3_000) });
  process.exitCode = status === HealthCheckResponse_ServingStatus.SERVING ? 0 : 1;
} catch (error) {
  console.error(`${address}: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  channel.close();
}
