import type { ServiceContext, Stop } from '@pmbok/infra';
import { startWork } from '../projections/work/index.js';
import { startAuthReactions } from './authEvents.js';
import { startWebhookDeliveries } from './webhookDeliveries.js';

/**
 * Everything the messaging service follows: the auth users (feedback's names), the other services' world (work),
 * and the workers of its own log (notifications from activities, webhook deliveries).
 */
export async function startMessagingReactions(
  service: Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'>,
  _settings: { env: Record<string, string | undefined> },
) {
  const stops: Stop[] = [];
  const auth = await startAuthReactions(service.runtime);
  stops.push(...auth.stops);
  const { work, stops: workStops } = await startWork(service.runtime, { users: auth.directory });
  stops.push(...workStops);
  stops.push(...(await startWebhookDeliveries(service, _settings.env)).stops);
  return { directory: auth.directory, work, stops };
}
