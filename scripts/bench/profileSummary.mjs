// What the request-path scripts (requestPath.mjs, taskPath.mjs, and through them profiles.mjs) read from a profiled
// app: the loop probe's lines and a V8 CPU profile summarised by place, one list of places for all of them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { root } from './lib.mjs';

/** The JSON lines a file holds so far (the loop probe's marks), none when it is not written yet. */
export function readLines(file) {
  try {
    return readFileSync(file, 'utf8').trim().split('\n').filter(Boolean).map(JSON.parse);
  } catch {
    return [];
  }
}

/** The first place a sample's stack names, from the innermost frame out (by script, or by a native's name). */
const PLACES = [
  [
    /@grpc\/grpc-js|nice-grpc|abort-controller-x|\/proto\/dist\//,
    'gRPC client and server (grpc-js, nice-grpc, codecs)',
  ],
  [/node:internal\/http2/, 'HTTP/2 of the gRPC calls (Node.js)'],
  [/fastify|find-my-way|avvio|secure-json-parse|fast-json-stringify|@sinclair\/typebox/, 'Fastify, validation'],
  [/\/mingo\//, 'mingo (queries, updates)'],
  [/infra\/dist\/readStore/, 'read store (in-memory collections)'],
  [/better-sqlite3|infra\/dist\/eventStore/, 'event store (SQLite)'],
  [/infra\/dist\/(eventBus|projections|decider|commands)/, 'projections, decider, commands, bus'],
  [/services\/task\/dist/, 'task service code'],
  [/services\/[^/]+\/dist/, 'other services’ code'],
  [/gateway\/dist|infra\/dist/, 'gateway and other infra code'],
  [/_http_|node:net|stream_base/, 'HTTP/1 and sockets (Node.js)'],
];
const NATIVE_PLACES = new Map([['structuredClone', 'structuredClone (read store copies)']]);
const short = (url) =>
  url
    .replace(/^file:\/\//, '')
    .replace(`${root}/`, '')
    .replace(/^.*node_modules\//, '');

/**
 * Shares of the main thread's samples between two monotonic µs marks: by place, the functions with the most self
 * time, and the functions of the task service and the read store with the most total time (on the stack at all).
 */
export function summarizeProfile(dir, from, to, top = 15) {
  // CPU.<date>.<time>.<pid>.<thread>.<n>.cpuprofile: thread 0 is the main thread (workers write their own).
  const file = readdirSync(dir).find((name) => /\.\d+\.0\.\d+\.cpuprofile$/.test(name));
  if (!file) return undefined;
  const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);
  const places = new Map();
  const self = new Map();
  const inclusive = new Map();
  const add = (map, key, spent) => map.set(key, (map.get(key) ?? 0) + spent);
  const nameOf = ({ functionName, url, lineNumber }) =>
    `${functionName || '(anonymous)'} ${url ? `${short(url)}:${lineNumber + 1}` : ''}`.trim();
  let total = 0;
  let at = profile.startTime;
  for (let i = 0; i < profile.samples.length; i++) {
    at += profile.timeDeltas[i];
    const spent = profile.timeDeltas[i + 1] ?? 0;
    if (at < from || at > to) continue;
    total += spent;
    const leaf = nodes.get(profile.samples[i]).callFrame;
    add(self, nameOf(leaf), spent);
    let place = NATIVE_PLACES.get(leaf.functionName);
    if (leaf.functionName === '(idle)') place = 'idle (native work in the poll phase)';
    else if (leaf.functionName === '(garbage collector)') place = 'garbage collector';
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id).callFrame;
      if (/services\/[^/]+\/dist|infra\/dist\/(readStore|projections|decider|commands|eventStore)/.test(frame.url)) {
        const name = nameOf(frame);
        if (!seen.has(name)) add(inclusive, name, spent);
        seen.add(name);
      }
      if (place) continue;
      place = PLACES.find(([pattern]) => pattern.test(frame.url))?.[1];
    }
    add(places, place ?? 'other (Node.js internals, program)', spent);
  }
  const share = (map, n) =>
    Object.fromEntries(
      [...map]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([key, spent]) => [key, Number((spent / total).toFixed(3))]),
    );
  return { byPlace: share(places, 20), topSelf: share(self, top), topTotalInService: share(inclusive, top + 5) };
}
