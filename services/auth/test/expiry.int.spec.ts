import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandRunner, createLogger, fold, openSqliteEventStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { startExpiry } from '../src/application/expiry.js';
import { loginGuardDecider, loginGuardStreamId, recentFailures } from '../src/domain/loginGuard/loginGuard.js';

const DAY = 24 * 60 * 60 * 1000;

describe('expiry of short-lived records (issue 13 #8)', () => {
  it('deletes idle captcha, failure, QR and SMS streams, keeps accounts, and lets a guard start again', async () => {
    const eventStore = openSqliteEventStore({ file: join(mkdtempSync(join(tmpdir(), 'pmbok-expiry-')), 'auth.db') });
    let clock = 1_000_000;
    const now = () => clock;
    const guard = loginGuardStreamId('name:probe');
    const runCommand = createCommandRunner({ eventStore, now });
    const fail = () => runCommand(guard, loginGuardDecider, { type: 'RecordFailure', metadata: { now: now() } }, {});
    await fail();
    await fail();
    await eventStore.append('qrLogin-ticket1', [{ type: 'QrLoginRequested', data: {} }], 0, { at: now() });
    await eventStore.append('smsQuota-10.0.0.1', [{ type: 'SmsRequested', data: {} }], 0, { at: now() });
    await eventStore.append('user-1', [{ type: 'UserRegistered', data: {} }], 0, { at: now() });

    const expiry = startExpiry({ eventStore }, createLogger('test', 'silent'), now);
    await expiry.sweep();
    expect(await eventStore.readStream(guard)).toHaveLength(2); // not idle long enough yet

    clock += 3 * DAY;
    await expiry.sweep();
    for (const stream of [guard, 'qrLogin-ticket1', 'smsQuota-10.0.0.1'])
      expect(await eventStore.readStream(stream)).toEqual([]);
    expect(await eventStore.readStream('user-1')).toHaveLength(1);

    // The command path remembered the guard at version 2; it must start the expired stream again, not fail.
    await fail();
    const events = await eventStore.readStream(guard);
    expect(events.map((e) => e.metadata.version)).toEqual([1]);
    expect(recentFailures(fold(loginGuardDecider, events), now())).toBe(1);
    await expiry.stop();
    await eventStore.close();
  });
});
