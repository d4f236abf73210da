import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createCommandRunner,
  createLogger,
  createMemoryRealtime,
  openSqliteEventStore,
  type ServiceRuntime,
} from '@pmbok/infra';
import type { ActivityRecorded } from '../src/domain/activity.js';
import { type FollowKind, followsDecider, followsStreamId } from '../src/domain/follows.js';
import { preferencesDecider, preferencesStreamId } from '../src/domain/preferences.js';
import { notifications, notificationsProjections } from '../src/projections/notifications/index.js';
import type { ActivityContext } from '../src/reactions/activities/context.js';
import { workLog } from './workLog.js';

export const DAY = 86_400_000;

/**
 * The work read models fed by hand (workLog), this service's log in a SQLite file, its notifications projection
 * applied on `sync()`, and the activity context the reactions run with (no feeds to wait for: the work log is
 * applied before each reaction is called).
 */
export function notificationsLog() {
  const log = workLog();
  const eventStore = openSqliteEventStore({
    file: join(mkdtempSync(join(tmpdir(), 'pmbok-notify-')), 'messaging.db'),
    sync: 'normal',
  });
  const runtime = { readStore: log.store, eventStore, realtime: createMemoryRealtime() } as unknown as ServiceRuntime;
  const runCommand = createCommandRunner({ eventStore });
  let now = 1_700_000_000_000 + 10_000;
  let applied = 0;
  const context: ActivityContext = {
    runtime,
    runCommand,
    now: () => now,
    logger: createLogger('test', 'silent'),
    work: log.work,
    feeds: { team: [], project: [], task: [] },
    maxAgeMs: DAY,
  };

  /** Applies this service's new events to its notifications read models. */
  async function sync() {
    for (const event of await eventStore.readAll(applied, 10_000)) {
      for (const projection of notificationsProjections) {
        if (projection.canHandle.includes(event.type)) await projection.handle(event, log.store);
      }
      applied = event.metadata.globalPosition;
    }
  }

  return {
    ...log,
    eventStore,
    context,
    sync,
    setNow: (at: number) => {
      now = at;
    },
    /** The activities recorded so far. */
    async activities() {
      return (await eventStore.readAll(0, 10_000))
        .filter((event) => event.type === 'ActivityRecorded')
        .map((event) => (event as unknown as { data: ActivityRecorded['data'] }).data);
    },
    async inbox(userId: number) {
      await sync();
      return notifications(log.store).find({ userId }, { sort: { position: 1 } });
    },
    async follow(userId: number, teamId: number, kind: FollowKind, id: number) {
      const data = { userId, teamId, kind, id, name: '', projectId: 0, projectName: '', link: '', at: now };
      await runCommand(followsStreamId(userId, teamId), followsDecider, { type: 'Follow', data }, { userId });
      await sync();
    },
    async prefer(userId: number, mutedKinds: string[], quiet: boolean) {
      await runCommand(
        preferencesStreamId(userId),
        preferencesDecider,
        { type: 'SaveNotificationSettings', data: { userId, mutedKinds, quiet } },
        { userId },
      );
      await sync();
    },
    close: () => eventStore.close(),
  };
}
