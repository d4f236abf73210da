import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createLogger,
  createMemoryReadStore,
  type EventStore,
  handleCommand,
  openSqliteEventStore,
  type ProjectionRunner,
  runProjections,
} from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProjectAt, NOW, visibleNodes } from '../src/application/projectAt.js';
import { comparePoints } from '../src/application/versionCompare.js';
import { docDecider } from '../src/domain/doc/businessLogic.js';
import { emptyContent } from '../src/domain/doc/content.js';
import { docStreamId } from '../src/domain/doc/doc.js';
import { treeDecider } from '../src/domain/tree/businessLogic.js';
import { evolveTree, initialTree, type TreeEvent, treeStreamId } from '../src/domain/tree/tree.js';
import { docsProjection } from '../src/projections/docs/index.js';
import { treeProjection } from '../src/projections/tree/index.js';
import { SAVES_PER_CHUNK, versionsProjection } from '../src/projections/versions/index.js';

const PROJECT = 77;
const DOCS = 300;
const meta = { actorId: 1, now: 1 };

/**
 * The comparison on the real event store and read store: it must read the tree and only the streams of documents
 * saved between the two points, never every document (what keeps a 5,000-document comparison fast).
 */
describe('comparing two points of a project log', () => {
  let store: EventStore;
  const readStore = createMemoryReadStore();
  let projections: ProjectionRunner;
  const nodeOf = (i: number) => 1_000 + i;
  const docOf = (i: number) => 5_000 + i;

  const tree = (command: Parameters<typeof treeDecider.decide>[0]) =>
    handleCommand(store, treeStreamId(PROJECT), treeDecider, command, { at: 1 });
  const doc = (i: number, command: Parameters<typeof docDecider.decide>[0]) =>
    handleCommand(store, docStreamId(docOf(i)), docDecider, command, { at: 1 });
  const saveDescription = async (i: number, description: string) => {
    const events = await store.readStream(docStreamId(docOf(i)));
    const baseVersion = events.length;
    const content = { ...(emptyContent('api', { method: 'GET', path: `/things/${i}` }) as object), description };
    await doc(i, { type: 'SaveDoc', data: { baseVersion, content }, metadata: meta });
  };
  const caughtUp = async () => projections.waitFor(await store.head(), 10_000);

  beforeAll(async () => {
    store = openSqliteEventStore({
      file: join(mkdtempSync(join(tmpdir(), 'pmbok-compare-')), 'log.db'),
      sync: 'normal',
    });
    projections = await runProjections({
      service: 'project',
      eventStore: store,
      readStore,
      projections: [treeProjection, docsProjection, versionsProjection],
      logger: createLogger('test', 'silent'),
    });
    for (let i = 0; i < DOCS; i += 1) {
      const data = { nodeId: nodeOf(i), parentId: 0, kind: 'api', name: `接口${i}`, docId: docOf(i) };
      await tree({ type: 'AddNode', data });
      const content = emptyContent('api', { method: 'GET', path: `/things/${i}` });
      await doc(i, {
        type: 'CreateDoc',
        data: { docId: docOf(i), projectId: PROJECT, nodeId: nodeOf(i), kind: 'api', content },
        metadata: meta,
      });
    }
    // More saves than one chunk of the save log holds, all before the first point.
    for (let round = 0; round < Math.ceil((SAVES_PER_CHUNK * 1.5) / DOCS); round += 1) {
      for (let i = 0; i < DOCS; i += 1) await saveDescription(i, `第 ${round} 轮`);
    }
    await caughtUp();
  });
  afterAll(async () => {
    await projections.stop();
    await store.close();
  });

  it('reads the tree and the documents saved between the points, and nothing else', async () => {
    const first = await store.head();
    await saveDescription(7, '之后改过');
    await saveDescription(150, '之后改过');
    await tree({ type: 'RenameNode', data: { nodeId: nodeOf(20), name: '改名了' } });
    await tree({ type: 'RemoveNode', data: { nodeId: nodeOf(30) } });
    await doc(30, { type: 'DeleteDoc', metadata: meta });
    const second = await store.head();
    await saveDescription(299, '更晚');
    await caughtUp();

    const read: string[] = [];
    const counting: EventStore = {
      ...store,
      readStream: (streamId, fromVersion) => {
        read.push(streamId);
        return store.readStream(streamId, fromVersion);
      },
    };
    const at = createProjectAt({ eventStore: counting, readStore });
    const diff = await comparePoints(at, readStore, PROJECT, first, second);
    expect(diff.docs[0]).toMatchObject({ name: '接口30', change: 'removed', breaking: true });
    expect(diff.docs.map((d) => `${d.name}:${d.change}`).sort()).toEqual(
      ['接口30:removed', '接口150:changed', '接口7:changed', '改名了:changed'].sort(),
    );
    expect(diff.docs.find((d) => d.name === '接口7')?.fields).toContainEqual(
      expect.objectContaining({ path: expect.stringMatching(/^description/), after: '之后改过' }),
    );
    const docStreams = read.filter((id) => id.startsWith('projectDoc-'));
    // Each side's content of the two saved documents (at most), and the removed one's; never the 296 others.
    expect(new Set(docStreams)).toEqual(
      new Set([docStreamId(docOf(7)), docStreamId(docOf(150)), docStreamId(docOf(30))]),
    );

    read.length = 0;
    // A fresh instance: the first one remembers the documents it folded at the first point.
    const fresh = createProjectAt({ eventStore: counting, readStore });
    const withNow = await comparePoints(fresh, readStore, PROJECT, first, NOW);
    expect(withNow.summary).toEqual({ added: 0, removed: 1, changed: 4, breaking: 1 });
    expect(new Set(read.filter((id) => id.startsWith('projectDoc-')))).toEqual(
      new Set([docStreamId(docOf(7)), docStreamId(docOf(150)), docStreamId(docOf(30)), docStreamId(docOf(299))]),
    );
  });

  it('folds the tree at any point, asked in any order, as a fold from the start would', async () => {
    const points: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      await tree({ type: 'RenameNode', data: { nodeId: nodeOf(40 + i), name: `第${i}次` } });
      if (i % 2 === 0) await tree({ type: 'RemoveNode', data: { nodeId: nodeOf(60 + i) } });
      points.push(await store.head());
    }
    let events = await store.readStream(treeStreamId(PROJECT));
    const foldTo = (position: number) =>
      events
        .filter((event) => event.metadata.globalPosition <= position)
        .reduce((state, event) => evolveTree(state, event as unknown as TreeEvent), initialTree());
    const names = (t: ReturnType<typeof initialTree>) => visibleNodes(t).map((node) => `${node.nodeId}:${node.name}`);
    const at = createProjectAt({ eventStore: store, readStore });
    // Out of order: later points first, the end between, earlier points after (each reuses what was folded).
    for (const position of [points[4]!, NOW, points[1]!, points[5]!, points[0]!, points[1]!, points[3]!, NOW]) {
      expect(names(await at.treeAt(PROJECT, position))).toEqual(names(foldTo(position)));
    }
    await tree({ type: 'RenameNode', data: { nodeId: nodeOf(50), name: '最后' } });
    events = await store.readStream(treeStreamId(PROJECT));
    expect(names(await at.treeAt(PROJECT, NOW))).toEqual(names(foldTo(await store.head())));
    expect(names(await at.treeAt(PROJECT, points[2]!))).toEqual(names(foldTo(points[2]!)));
  });
});
