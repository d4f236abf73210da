import { parentPort, receiveMessageOnPort } from 'node:worker_threads';
import Database from 'better-sqlite3';
import {
  groupsOf,
  type PreparedAppend,
  WRITER_CHECKPOINT_PAGES,
  type WriteFailure,
  type WriteOutcome,
  type WriterAnswer,
  type WriterRequest,
} from './sqliteWriter.js';

/**
 * The thread that commits the SQLite event stores' appends (sqliteWriter.ts): one connection per file, each group of
 * appends in one transaction, each append in a savepoint of its own (a lost race or a duplicate command takes back
 * only its own rows). The rows come ready (their JSON written by the caller): here they are checked and written.
 */
type Appender = (batch: PreparedAppend[]) => WriteOutcome[];

const connections = new Map<string, { db: Database.Database; append: Appender }>();

class Lost {
  constructor(readonly failure: WriteFailure) {}
}

function connect(file: string, synchronous: 'NORMAL' | 'FULL') {
  const db = new Database(file);
  db.pragma('busy_timeout = 5000');
  db.pragma(`synchronous = ${synchronous}`);
  db.pragma(`wal_autocheckpoint = ${WRITER_CHECKPOINT_PAGES}`);
  const streamVersion = db.prepare<[string], { version: number | null }>(
    'SELECT MAX(version) AS version FROM events WHERE stream_id = ?',
  );
  const insertEvent = db.prepare(
    'INSERT INTO events (stream_id, version, type, data, metadata) VALUES (?, ?, ?, ?, ?)',
  );
  const findCommand = db.prepare<[string, string], { next_version: number; last_position: number }>(
    'SELECT next_version, last_position FROM commands WHERE command_id = ? AND stream_id = ?',
  );
  const insertCommand = db.prepare('INSERT INTO commands VALUES (?, ?, ?, ?)');
  const appendOne = db.transaction(({ streamId, expected, commandId, rows }: PreparedAppend) => {
    if (commandId) {
      const earlier = findCommand.get(commandId, streamId);
      if (earlier) {
        return {
          nextExpectedVersion: earlier.next_version,
          lastGlobalPosition: earlier.last_position,
          alreadyApplied: true,
        };
      }
    }
    const current = streamVersion.get(streamId)?.version ?? 0;
    if (expected !== 'any' && expected !== current) throw new Lost({ concurrency: { streamId, expected, current } });
    let version = current;
    let lastPosition = 0;
    for (const row of rows) {
      version += 1;
      lastPosition = Number(insertEvent.run(streamId, version, row.type, row.data, row.metadata).lastInsertRowid);
    }
    if (commandId) insertCommand.run(commandId, streamId, version, lastPosition);
    return { nextExpectedVersion: version, lastGlobalPosition: lastPosition, alreadyApplied: false };
  });
  const group = db.transaction((batch: PreparedAppend[]): WriteOutcome[] =>
    batch.map((append) => {
      try {
        return { result: appendOne(append) };
      } catch (error) {
        return { error: failureOf(error) };
      }
    }),
  );
  const connection = { db, append: (batch: PreparedAppend[]) => group.immediate(batch) };
  connections.set(file, connection);
  return connection;
}

function failureOf(error: unknown): WriteFailure {
  if (error instanceof Lost) return error.failure;
  const { name = 'Error', message = String(error), code } = error as { name?: string; message?: string; code?: string };
  return { name, message, code };
}

function answer(request: WriterRequest): WriterAnswer {
  if (request.op !== 'append') {
    const db = connections.get(request.file)?.db;
    if (request.op === 'settings')
      return {
        id: request.id,
        settings: db && {
          synchronous: Number(db.pragma('synchronous', { simple: true })),
          walAutocheckpoint: Number(db.pragma('wal_autocheckpoint', { simple: true })),
        },
      };
    db?.close();
    connections.delete(request.file);
    return { id: request.id };
  }
  try {
    const connection = connections.get(request.file) ?? connect(request.file, request.synchronous);
    return { id: request.id, outcomes: connection.append(request.batch) };
  } catch (error) {
    return { id: request.id, failure: failureOf(error) };
  }
}

/** A merged group's answer cut back into one answer per request, in their order. */
function answerGroup(group: WriterRequest[]): WriterAnswer[] {
  const [first] = group;
  if (first?.op !== 'append' || group.length === 1) return first ? [answer(first)] : [];
  const appends = group as Extract<WriterRequest, { op: 'append' }>[];
  const merged = answer({ ...first, batch: appends.flatMap((request) => request.batch) });
  let at = 0;
  return appends.map((request) => {
    const size = request.batch.length;
    at += size;
    return merged.failure
      ? { id: request.id, failure: merged.failure }
      : { id: request.id, outcomes: merged.outcomes?.slice(at - size, at) };
  });
}

const port = parentPort;
// The requests that came while the last group was committed are taken at once: one transaction and one sync of the
// WAL for all the appends to a file among them, however many turns of the main thread they came from.
port?.on('message', (first: WriterRequest[]) => {
  const requests = first;
  for (let next = receiveMessageOnPort(port); next; next = receiveMessageOnPort(port)) {
    requests.push(...(next.message as WriterRequest[]));
  }
  // one message for all the answers: each message costs both threads a wake-up and an event (issue 24)
  port.postMessage(groupsOf(requests).flatMap(answerGroup));
});
