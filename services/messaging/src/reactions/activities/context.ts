import type { Logger, RecordedEvent, ServiceContext, Subscription } from '@pmbok/infra';
import { type ActivityDraft, recordActivity } from '../../application/notifications/record.js';
import { follows } from '../../projections/notifications/index.js';
import type { WorkDirectory, WorkFeeds } from '../../projections/work/index.js';

/** What the activity reactions are made from. */
export interface ActivityContext extends Pick<ServiceContext, 'runtime' | 'runCommand' | 'now'> {
  logger: Logger;
  work: WorkDirectory;
  feeds: WorkFeeds;
  /** Events older than this when first seen record nothing (a new service does not replay history into inboxes). */
  maxAgeMs: number;
}

/** The acting user of an event (0: the system or unknown). */
export const actorOf = (event: RecordedEvent) => Number(event.metadata.actor ?? 0) || 0;

/**
 * Waits until the work read models fed from the same topic have applied the event, so names, members and the
 * document's changes are read as of it; a feed that does not get there in time is logged and the event handled anyway.
 * By catching the feeds up with their topic as it is now (which holds the event), not by waiting for the event's
 * position: with Kafka a position orders events of one partition only, and the bus's `waitFor` measures this
 * service's own relay, so a foreign position would wait out the whole timeout for every event.
 */
export async function asOf(context: ActivityContext, feeds: Subscription[], event: RecordedEvent) {
  try {
    await Promise.all(feeds.map((feed) => feed.catchUp(10_000)));
  } catch (error) {
    context.logger.warn({ err: error, eventId: event.metadata.eventId }, 'work read models behind an activity');
  }
}

export const isRecent = (context: ActivityContext, event: RecordedEvent) =>
  event.metadata.at >= context.now() - context.maxAgeMs;

export const record = (context: ActivityContext, draft: ActivityDraft) => recordActivity(context, draft);

/** Users following any of the given targets in a team. */
export async function followersOf(
  context: ActivityContext,
  teamId: number,
  targets: { kind: string; ids: number[] }[],
) {
  const or = targets.filter((t) => t.ids.length > 0).map((t) => ({ kind: t.kind, targetId: { $in: t.ids } }));
  if (or.length === 0) return [];
  const found = await follows(context.runtime.readStore).find({ teamId, $or: or });
  return [...new Set(found.map((follow) => follow.userId))];
}

/** Rich text (HTML) as a short plain line for a summary. */
export function plainLine(html: string, max = 200): string {
  const text = html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, ' ')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
  const chars = [...text];
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : text;
}
