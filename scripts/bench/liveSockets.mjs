// Live sockets (issue 20): idle authenticated WebSockets held by one gateway process (the embedded app), the memory
// each costs (the process's RSS growth ÷ sockets) and how fast they authenticate; and the file-descriptor limit that
// caps them. Called by scripts/bench/chatFanout.mjs, which starts the app.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';

/** The open-files limit of a process (soft, or `hard`), from /proc; NaN elsewhere. */
export function openFilesLimit(pid, hard = false) {
  try {
    const line = readFileSync(`/proc/${pid}/limits`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith('Max open files'));
    return Number(line.trim().split(/\s+/)[hard ? 4 : 3]);
  } catch {
    return Number.NaN;
  }
}

/** Raises a process's open-files limit with prlimit(1) (needs the right to: root, or a hard limit high enough). */
export function raiseOpenFiles(pid, wanted) {
  const set = (n) => execFileSync('prlimit', [`--pid=${pid}`, `--nofile=${n}:${n}`], { stdio: 'ignore' });
  try {
    set(wanted);
  } catch {
    // Without the right to raise the hard limit, the soft one can still go up to it.
    try {
      set(Math.min(wanted, openFilesLimit(pid, true)));
    } catch {
      // left as it is; the caller reads the limit back
    }
  }
  return openFilesLimit(pid);
}

/** Resident memory of a process in bytes, from /proc. */
export function rssOf(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line.split(/\s+/)[1]) * 1024;
}

/**
 * Opens a live socket, sends the token as its first message and resolves once the gateway answered `connected`.
 * `onPush` sees every later message.
 */
export function openSocket(wsUrl, token, onPush = () => {}, beatMs = 15_000) {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(wsUrl);
    let connected = false;
    // Its own heartbeat, started at once (the gateway closes a socket silent for 30 s), at a random phase.
    const beat = () => socket.readyState === WebSocket.OPEN && socket.send('{"code":200001,"data":{}}');
    let timer;
    const first = setTimeout(() => {
      beat();
      timer = setInterval(beat, beatMs);
    }, Math.random() * beatMs);
    socket.once('close', () => {
      clearTimeout(first);
      clearInterval(timer);
    });
    socket.once('open', () => socket.send(JSON.stringify({ code: 200000, token })));
    socket.on('message', (data) => {
      const message = JSON.parse(String(data));
      if (connected) return onPush(message, performance.now());
      if (message.code !== 200) return reject(new Error(`refused: ${String(data)}`));
      connected = true;
      resolve(socket);
    });
    socket.once('error', reject);
    socket.once('close', (code) => connected || reject(new Error(`closed ${code} before connecting`)));
  });
}

/** Opens `count` sockets into `sockets`, `concurrency` at a time. */
export async function openMany({ wsUrl, tokens, count, concurrency = 200, onPush }) {
  const sockets = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      sockets[i] = await openSocket(wsUrl, tokens[i % tokens.length], onPush ? (m, at) => onPush(i, m, at) : undefined);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
  return sockets;
}

export async function closeAll(sockets) {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise((resolve) => {
          if (!socket || socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once('close', resolve);
          socket.close();
        }),
    ),
  );
}

/**
 * Holds up to `wanted` idle authenticated sockets on the app (`serverPid`), capped by both processes' open-files
 * limits (raised with prlimit where allowed). Memory per socket is the RSS growth over the sockets, measured after the
 * opening burst has settled.
 */
export async function benchLiveSockets({ wsUrl, tokens, serverPid, wanted, tools }) {
  const { log, fmt } = tools;
  const limits = {
    server: raiseOpenFiles(serverPid, wanted + 5_000),
    client: raiseOpenFiles(process.pid, wanted + 5_000),
  };
  // Each socket is one descriptor on each side; the rest of each process needs a few hundred.
  const count = Math.max(0, Math.min(wanted, limits.server - 300, limits.client - 300));
  log(`live sockets: ${fmt(count)} (wanted ${fmt(wanted)}; open-files limits ${limits.server} / ${limits.client})`);
  await new Promise((r) => setTimeout(r, 1_000));
  const before = rssOf(serverPid);
  const started = performance.now();
  // Opening takes longer than the gateway's idle limit: each socket beats from the start.
  const sockets = await openMany({ wsUrl, tokens, count });
  const openSeconds = (performance.now() - started) / 1_000;
  // Let the burst's garbage go before reading the resident size.
  await new Promise((r) => setTimeout(r, 5_000));
  const after = rssOf(serverPid);
  const open = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
  await closeAll(sockets);
  return {
    wanted,
    count,
    open,
    limits,
    openSeconds,
    perSecond: count / openSeconds,
    rssBefore: before,
    rssAfter: after,
    bytesPerSocket: (after - before) / Math.max(1, count),
  };
}
