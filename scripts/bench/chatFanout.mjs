// Team messages (issue 20): (a) idle live sockets one gateway process holds (scripts/bench/liveSockets.mjs) and
// (b) how long a post to the team channel takes to reach every connected member of a team: the time from sending
// `chat/post` to each member's socket receiving its 200500, and to the member's recounted badge (200201). Starts its
// own embedded app (its own data directory, the flood limit lifted for the one sender). Called by scripts/bench.mjs.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { embeddedEnv, percentile, registerUser } from './lib.mjs';
import { benchLiveSockets, closeAll, openMany, raiseOpenFiles } from './liveSockets.mjs';

const stats = (values) => ({ p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) });

async function inParallel(count, concurrency, work) {
  const results = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const i = next++;
        results[i] = await work(i);
      }
    }),
  );
  return results;
}

/** One team of `members` people each with one socket; `posts` team channel posts, each awaited on every socket. */
async function benchFanout({ url, wsUrl, owner, people, teamId, posts, tools }) {
  const { postApi, log, fmt } = tools;
  const members = people.length;
  log(`chat fan-out: ${fmt(members)} members connected, ${posts} posts to the team channel`);
  // Per post: when it was sent, and per socket when its message and its badge arrived.
  let current = null;
  const onPush = (i, message, at) => {
    if (!current) return;
    if (message.code === 200500 && message.data.message.content === current.content) {
      current.message[i] = at - current.sent;
    } else if (message.code === 200201 && current.message[i] !== undefined && current.badge[i] === undefined) {
      current.badge[i] = at - current.sent;
    }
    // The sender (socket 0) hears its message but has no badge to recount.
    if (current.message.filter((t) => t !== undefined).length === members && current.badges() === members - 1)
      current.done();
  };
  const sockets = await openMany({
    wsUrl: `${wsUrl}?teamId=${teamId}`,
    tokens: people.map((p) => p.token),
    count: members,
    concurrency: 50,
    onPush,
  });
  const delivered = [];
  const badges = [];
  const answered = [];
  const conversationId = `team-${teamId}`;
  try {
    for (let n = 0; n < posts + 2; n++) {
      const content = `扇出基准 ${n} ${Date.now()}`;
      const finished = new Promise((resolve) => {
        current = { content, message: [], badge: [], done: resolve, sent: performance.now() };
        current.badges = () => current.badge.filter((t) => t !== undefined).length;
      });
      const sent = performance.now();
      current.sent = sent;
      await postApi(url, 'chat/post', { teamId, conversationId, content }, owner.token);
      const answer = performance.now() - sent;
      let timer;
      const timeout = new Promise((_, reject) => {
        timer = setTimeout(() => {
          const got = current.message.filter((t) => t !== undefined).length;
          reject(new Error(`post ${n}: ${got} messages, ${current.badges()} badges of ${members} within 60 s`));
        }, 60_000);
      });
      await Promise.race([finished, timeout]).finally(() => clearTimeout(timer));
      // The first two warm the path up.
      if (n < 2) continue;
      answered.push(answer);
      delivered.push(...current.message);
      badges.push(...current.badge.filter((t) => t !== undefined));
    }
  } finally {
    current = null;
    await closeAll(sockets);
  }
  return { members, posts, answer: stats(answered), delivered: stats(delivered), badge: stats(badges) };
}

export async function benchMessages({ tools, quick }) {
  const { startChild, freePort, postApi, log, fmt } = tools;
  const socketsWanted = quick ? 2_000 : 20_000;
  const members = quick ? 50 : 1_000;
  const posts = quick ? 5 : 20;
  const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-bench-chat-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const wsUrl = `ws://127.0.0.1:${port}/pmbok/ws`;
  log('messages: embedded app');
  const app = await startChild(
    'embedded app (messages)',
    ['gateway/dist/embedded.js'],
    embeddedEnv({
      port,
      dataDir,
      // one address registers every member; one sender posts every message
      SMS_IP_DAILY_LIMIT: '1000000',
      PMBOK_CHAT_FLOOD_LIMIT: '1000000',
    }),
    `${url}/healthz`,
  );
  try {
    raiseOpenFiles(app.child.pid, socketsWanted + 5_000);
    const started = performance.now();
    const people = await inParallel(members, 4, () => registerUser(url));
    const owner = people[0];
    const { teamId } = await postApi(url, 'team/create', { teamName: '消息基准', sourceProject: '[]' }, owner.token);
    const { shareCode } = await postApi(url, 'team/shareInfo', { teamId }, owner.token);
    await inParallel(members - 1, 4, (i) => postApi(url, 'team/shareJoin', { shareCode }, people[i + 1].token));
    log(
      `messages: ${fmt(members)} members registered and joined in ${fmt((performance.now() - started) / 1_000, 1)} s`,
    );
    const fanout = await benchFanout({ url, wsUrl, owner, people, teamId, posts, tools });
    log(
      `chat fan-out: delivered p50 ${fanout.delivered.p50.toFixed(1)} ms, p99 ${fanout.delivered.p99.toFixed(1)} ms; badge p50 ${fanout.badge.p50.toFixed(1)} ms`,
    );
    const sockets = await benchLiveSockets({
      wsUrl: `${wsUrl}?teamId=${teamId}`,
      tokens: people.slice(0, 20).map((p) => p.token),
      serverPid: app.child.pid,
      wanted: socketsWanted,
      tools,
    });
    log(
      `live sockets: ${fmt(sockets.open)} open, ${fmt(sockets.bytesPerSocket / 1024, 1)} KiB each, ${fmt(sockets.perSecond)} opened/s`,
    );
    return { fanout, sockets };
  } finally {
    await app.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** The report's section. */
export function messagesSection(result, { fmt, ms }) {
  const { fanout: f, sockets: s } = result;
  const lines = ['## Team messages: live sockets and fan-out', ''];
  if (s) {
    lines.push(
      `One embedded app process (gateway and services) holding idle live sockets, each authenticated (the token as its`,
      `first message, checked with the auth service, membership with the team service) and subscribed to its user and`,
      `team, beating every 15 s; opened 200 at a time from the benchmark's process. Memory per socket is the app's resident`,
      `size after the sockets settled less before, divided by the sockets (${fmt(s.rssBefore / 2 ** 20)} MB → ${fmt(s.rssAfter / 2 ** 20)} MB).`,
      `Open-files limits (raised with prlimit): app ${fmt(s.limits.server)}, benchmark ${fmt(s.limits.client)}.`,
      '',
      '| sockets wanted | held open | opened per second | memory per socket |',
      '| ---: | ---: | ---: | ---: |',
      `| ${fmt(s.wanted)} | ${fmt(s.open)} | ${fmt(s.perSecond)} | ${fmt(s.bytesPerSocket / 1024, 1)} KiB |`,
      '',
    );
  }
  if (f) {
    lines.push(
      `A team of ${fmt(f.members)} members, each with one socket on the same app; the owner posts ${f.posts} messages to the`,
      'team channel one after another (each once every socket has its message and its badge). The post is one publish',
      "to the team's audience; the badges (200201) are recounted per member after the answer. Times are from sending",
      '`chat/post` to the socket receiving the push, measured in the benchmark process that holds the sockets.',
      '',
      '| measure | p50 | p99 | max |',
      '| --- | ---: | ---: | ---: |',
      `| \`chat/post\` answered | ${ms(f.answer.p50)} | ${ms(f.answer.p99)} | ${ms(f.answer.max)} |`,
      `| message (200500) on a member's socket | ${ms(f.delivered.p50)} | ${ms(f.delivered.p99)} | ${ms(f.delivered.max)} |`,
      `| badge (200201) on a member's socket | ${ms(f.badge.p50)} | ${ms(f.badge.p99)} | ${ms(f.badge.max)} |`,
      '',
    );
  }
  return lines;
}
