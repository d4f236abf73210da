import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { type AppProcess, outboxCode, post, startApp } from './app-process.js';

describe('durability of acknowledged writes', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-durability-'));
  let app: AppProcess | undefined;
  afterAll(async () => {
    if (app && app.child.exitCode === null) {
      app.child.kill('SIGTERM');
      await app.exited;
    }
  });

  it('keeps every registration answered 200 through a SIGKILL in the middle of a burst, and none twice', async () => {
    app = await startApp(dataDir);
    const total = 40;
    const killAfter = 12;
    const phones = Array.from({ length: total }, (_, i) => `1370000${String(i).padStart(4, '0')}`);
    const acknowledged = new Map<string, number>();
    let killed = false;
    const running = app;

    const registerOne = async (telephone: string) => {
      try {
        const sent = await post(running.url, 'user/sendRegisterCode', { username: telephone, smsType: '2' });
        if (sent.code !== 200) return;
        const code = await outboxCode(running.url, telephone);
        const answer = await post(running.url, 'user/register', {
          telephone,
          password: 'Passw0rd!',
          repeatPassword: 'Passw0rd!',
          code,
        });
        if (answer.code === 200) {
          acknowledged.set(telephone, answer.data.userId);
          if (acknowledged.size >= killAfter && !killed) {
            killed = true;
            running.child.kill('SIGKILL');
          }
        }
      } catch {
        // the process was killed under this request: it was never acknowledged
      }
    };
    await Promise.all(phones.map(registerOne));
    await running.exited;
    expect(killed).toBe(true);
    expect(acknowledged.size).toBeGreaterThanOrEqual(killAfter);
    expect(acknowledged.size).toBeLessThan(total);

    app = await startApp(dataDir);
    for (const [telephone, userId] of acknowledged) {
      const login = await post(app.url, 'user/loginByPassword', { username: telephone, password: 'Passw0rd!' });
      expect(login, telephone).toMatchObject({ code: 200, data: { userId } });
    }

    const db = new Database(join(dataDir, 'auth.db'), { readonly: true });
    const perPhone = db
      .prepare(
        "SELECT json_extract(data, '$.telephone') AS telephone, COUNT(*) AS n FROM events WHERE type = 'UserRegistered' GROUP BY 1",
      )
      .all() as { telephone: string; n: number }[];
    db.close();
    expect(perPhone.filter((row) => row.n > 1)).toEqual([]);
    for (const telephone of acknowledged.keys()) expect(perPhone.map((r) => r.telephone)).toContain(telephone);
  });
});
