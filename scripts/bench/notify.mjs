// Notifications (issue 20): the time from a task transferred through the gateway (`task/transfer` sent) to the new
// assignee's socket receiving the recounted badge (200201), and the notification itself (200202) on the way: the task
// service appends, the bus carries the event to the messaging service, which records the activity, projects the
// notification and pushes. Starts its own embedded app. Called by scripts/bench.mjs (`--only=messages`).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import { embeddedEnv, percentile, registerUser } from './lib.mjs';

const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });

/** A socket whose pushes are handed to whoever waits for the next one matching. */
async function openSocket(wsUrl, token) {
  const socket = new WebSocket(wsUrl);
  const waiters = [];
  socket.on('message', (raw) => {
    const message = JSON.parse(String(raw));
    const at = performance.now();
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(at);
      }
    }
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const next = (match, timeoutMs = 30_000) =>
    new Promise((resolve, reject) => {
      const waiter = { match, resolve };
      waiters.push(waiter);
      setTimeout(() => reject(new Error('no push within 30 s')), timeoutMs).unref();
    });
  const hello = next((m) => m.code === 200);
  socket.send(JSON.stringify({ code: 200000, token }));
  await hello;
  return { next, close: () => socket.close() };
}

export async function benchNotify({ tools, quick }) {
  const { startChild, freePort, postApi, log } = tools;
  const runs = quick ? 20 : 200;
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-bench-notify-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  log('notifications: embedded app');
  const app = await startChild(
    'embedded app (notifications)',
    ['gateway/dist/embedded.js'],
    embeddedEnv({ port, dataDir }),
    `${url}/healthz`,
  );
  try {
    const a = await registerUser(url);
    const b = await registerUser(url);
    const { teamId } = await postApi(url, 'team/create', { teamName: '通知基准', sourceProject: '[]' }, a.token);
    const { shareCode } = await postApi(url, 'team/shareInfo', { teamId }, a.token);
    await postApi(url, 'team/shareJoin', { shareCode }, b.token);
    const { taskProjectId: projectId } = await postApi(url, 'task/newProject', { teamId, name: '通知基准' }, a.token);
    // The task service learns the new member through the bus.
    for (let tries = 0; ; tries++) {
      try {
        await postApi(
          url,
          'task/batchCreateProjectUser',
          { teamId, projectId, userIds: JSON.stringify([b.userId]) },
          a.token,
        );
        break;
      } catch (error) {
        if (tries > 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    const socket = await openSocket(`ws://127.0.0.1:${port}/pmbok/ws?teamId=${teamId}`, b.token);
    const answered = [];
    const notified = [];
    const badged = [];
    log(`notifications: ${runs} transfers, each awaited on the assignee's socket`);
    try {
      for (let n = 0; n < runs + 2; n++) {
        const { taskId } = await postApi(url, 'task/newTask', { teamId, projectId, name: `基准任务 ${n}` }, a.token);
        // Both awaited from the start (two pushes may arrive in one read): the first badge after the notification.
        let seen = false;
        const notification = socket.next((m) => {
          seen ||= m.code === 200202 && m.data.notification.targetId === taskId;
          return seen;
        });
        const badge = socket.next((m) => seen && m.code === 200201);
        const sent = performance.now();
        await postApi(url, 'task/transfer', { teamId, projectId, taskId, userId: b.userId }, a.token);
        const answer = performance.now() - sent;
        const [notifiedAt, badgeAt] = await Promise.all([notification, badge]);
        if (n < 2) continue; // warm-up
        answered.push(answer);
        notified.push(notifiedAt - sent);
        badged.push(badgeAt - sent);
      }
    } finally {
      socket.close();
    }
    const result = { runs, answer: stats(answered), notification: stats(notified), badge: stats(badged) };
    log(`notifications: badge p50 ${result.badge.p50.toFixed(1)} ms, p99 ${result.badge.p99.toFixed(1)} ms`);
    return result;
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report's section. */
export function notifySection(result, { ms }) {
  const r = result;
  return [
    '## Team messages: notifications',
    '',
    `Member A transfers a task to member B through the gateway, ${r.runs} times one after another (each a new task, each`,
    "awaited until B's socket has the notification and the badge). The task service appends `TaskTransferred`; the",
    'messaging service reads it from the bus, waits for its own read models of the task topic, records the activity',
    '(`activity-<id>`), projects the notification, then pushes 200202 and the recounted badge 200201 to B. Times are from',
    "sending `task/transfer` to B's socket receiving the push, measured in the benchmark's process.",
    '',
    '| measure | p50 | p99 | max |',
    '| --- | ---: | ---: | ---: |',
    `| \`task/transfer\` answered | ${ms(r.answer.p50)} | ${ms(r.answer.p99)} | ${ms(r.answer.max)} |`,
    `| notification (200202) on B's socket | ${ms(r.notification.p50)} | ${ms(r.notification.p99)} | ${ms(r.notification.max)} |`,
    `| badge (200201) on B's socket | ${ms(r.badge.p50)} | ${ms(r.badge.p99)} | ${ms(r.badge.max)} |`,
    '',
  ];
}
