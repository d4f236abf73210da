import { gzipSync } from 'node:zlib';
import type { MockIndex } from '@pmbok/project-service/mock-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the benchmarks, no types
import { generateOpenApi } from '../../../scripts/bench/openapiGen.mjs';
import { EDITOR, type MockHarness, startMockHarness } from './mockHarness.js';

/** gRPC messages are limited to 8 MiB (infra/src/grpc/server.ts). */
const GRPC_LIMIT = 8 * 1024 * 1024;
/**
 * The 5,000 with MOCK_INDEX_SCALE_DOCS=5000 (3.3 MB of index, built in ~0.9 s, "unchanged" in ~30 ms on
 * two busy cores); fewer by default to keep the tier quick.
 */
const OPERATIONS = Number(process.env.MOCK_INDEX_SCALE_DOCS ?? 1_000);

describe(`GetMockIndex of a project of ${OPERATIONS} api documents`, () => {
  let h: MockHarness;

  beforeAll(async () => {
    h = await startMockHarness('mock-index-scale');
    const text = JSON.stringify(generateOpenApi(OPERATIONS));
    const source = { contentGzip: gzipSync(text), fileName: 'big.json', url: '', format: 'auto' };
    // Thousands of documents written: longer than a call's default deadline.
    const options = { ...h.as(EDITOR), signal: AbortSignal.timeout(170_000) };
    await h.project.import({ projectId: h.projectId, source, planHash: '', name: '' }, options);
  }, 180_000);
  afterAll(async () => h?.stop());

  it('fits one gRPC answer, and answers "unchanged" and cached reads quickly', async () => {
    let started = performance.now();
    const first = await h.project.getMockIndex({ projectId: h.projectId, knownRevision: '' });
    const built = performance.now() - started;
    const index = JSON.parse(first.indexJson) as MockIndex;
    expect(index.apis.length).toBeGreaterThanOrEqual(OPERATIONS);
    const bytes = Buffer.byteLength(first.indexJson);
    started = performance.now();
    const unchanged = await h.project.getMockIndex({ projectId: h.projectId, knownRevision: first.revision });
    const checked = performance.now() - started;
    started = performance.now();
    const cached = await h.project.getMockIndex({ projectId: h.projectId, knownRevision: '' });
    const again = performance.now() - started;
    console.info(
      `mock index: ${index.apis.length} apis, ${(bytes / 1024 / 1024).toFixed(2)} MB, built ${built.toFixed(0)} ms, ` +
        `unchanged ${checked.toFixed(1)} ms, cached ${again.toFixed(0)} ms`,
    );
    expect(bytes).toBeLessThan(GRPC_LIMIT);
    expect(unchanged.unchanged).toBe(true);
    expect(cached.revision).toBe(first.revision);
    expect(checked).toBeLessThan(200);

    // One saved document: the rebuild reads and maps that document only, and the rest of the index is as before.
    const changed = index.apis[10]!;
    const { doc } = await h.project.getDoc(
      { projectId: h.projectId, projectStructureId: changed.projectStructureId },
      h.as(EDITOR),
    );
    const content = { ...JSON.parse(doc!.contentJson), path: '/v2/changed/{id}' };
    await h.project.saveDoc(
      {
        projectId: h.projectId,
        projectStructureId: changed.projectStructureId,
        baseVersion: doc!.version,
        contentJson: JSON.stringify(content),
      },
      h.as(EDITOR),
    );
    started = performance.now();
    const after = await h.project.getMockIndex({ projectId: h.projectId, knownRevision: first.revision });
    const rebuilt = performance.now() - started;
    console.info(`mock index after one save: rebuilt ${rebuilt.toFixed(0)} ms`);
    const next = JSON.parse(after.indexJson) as MockIndex;
    expect(next.apis[10]).toEqual({ ...changed, path: '/v2/changed/{id}' });
    expect(next).toEqual({ ...index, revision: after.revision, apis: index.apis.with(10, next.apis[10]!) });
  }, 120_000);
});
