import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { NodeKind } = projectv1;
const OWNER = 7001;
/** 5,000 for the benchmark shape (VERSION_SCALE_DOCS=5000); fewer by default to keep the tier quick. */
const DOCS = Number(process.env.VERSION_SCALE_DOCS ?? 1_000);

/** Milliseconds of each run of `work`, sorted. */
async function timings(runs: number, work: () => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await work();
    ms.push(performance.now() - start);
  }
  return ms.sort((a, b) => a - b);
}
const median = (ms: number[]) => ms[Math.floor(ms.length / 2)]!;

describe('comparing versions of a project of thousands of documents (issue 16)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let projectId = 0;
  let teamId = 0;
  const as = () => ({ metadata: callerMetadata({ userId: OWNER, teamId } as Partial<Caller>) });

  beforeAll(async () => {
    const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', EVENT_STORE_SYNC: 'normal' };
    const options = {
      config: loadRuntimeConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-version-scale-')) }),
      logger: createLogger('test', 'silent'),
      host: '127.0.0.1',
      port: 0,
    };
    const teamService = await startTeamService(options);
    const projectService = await startProjectService(options);
    services.push(projectService, teamService);
    const teamConnection = connectService(teamv1.TeamServiceDefinition, teamService.address);
    const projectConnection = connectService(projectv1.ProjectServiceDefinition, projectService.address);
    connections.push(teamConnection, projectConnection);
    project = projectConnection.client;
    teamId = (await teamConnection.client.createTeam({ name: '版本规模' }, as())).teamId;
    projectId = (await project.createProject({ name: '五千文档' }, as())).projectId;
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('compares a version with now, and two versions, reading only what changed', { timeout: 600_000 }, async () => {
    const add = (parentId: number, kind: projectv1.NodeKind, name: string, path = '') =>
      project.addStructure({ projectId, parentId, kind, name, templateId: 0, method: 'GET', path }, as());
    const root = await add(0, NodeKind.NODE_KIND_FOLDER, '全部');
    // Copying the folder into itself doubles its documents (one tree event per copy, a document each): a few
    // apis doubled k times make at least DOCS.
    const doublings = Math.max(0, Math.floor(Math.log2(DOCS / 8)));
    const base = Math.ceil(DOCS / 2 ** doublings);
    for (let i = 0; i < base; i += 1)
      await add(root.projectStructureId, NodeKind.NODE_KIND_API, `接口${i}`, `/items/${i}`);
    for (let i = 0; i < doublings; i += 1) {
      await project.copyStructure(
        { projectId, projectStructureId: root.projectStructureId, parentId: root.projectStructureId },
        // A copy of thousands of documents writes each one: longer than a call's default deadline.
        { ...as(), signal: AbortSignal.timeout(600_000) },
      );
    }
    const count = base * 2 ** doublings;
    const nodes = (await project.getStructure({ projectId, isPublic: false }, as())).nodes;
    const apis = nodes.filter((n) => n.kind === NodeKind.NODE_KIND_API);
    expect(apis.length).toBe(count);

    const v1 = await project.saveProjectVersion({ projectId, name: 'v1', notes: '' }, as());
    const edited = [apis[1]!, apis[Math.floor(apis.length / 2)]!, apis.at(-1)!];
    for (const [i, node] of edited.entries()) {
      const { doc } = await project.getDoc({ projectId, projectStructureId: node.projectStructureId }, as());
      const content = { ...JSON.parse(doc!.contentJson), description: `第 ${i} 处修改` };
      await project.saveDoc(
        {
          projectId,
          projectStructureId: node.projectStructureId,
          baseVersion: doc!.version,
          contentJson: JSON.stringify(content),
        },
        as(),
      );
    }
    const v2 = await project.saveProjectVersion({ projectId, name: 'v2', notes: '' }, as());

    const compare = async (from: number, to: number) =>
      JSON.parse((await project.compareVersions({ projectId, fromVersionId: from, toVersionId: to }, as())).diffJson);
    const withNow = await compare(v1.versionId, 0);
    expect(withNow.summary).toEqual({ added: 0, removed: 0, changed: 3, breaking: 0 });
    expect(withNow.docs.map((d: { projectStructureId: number }) => d.projectStructureId).sort()).toEqual(
      edited.map((n) => n.projectStructureId).sort(),
    );
    expect((await compare(v1.versionId, v2.versionId)).summary.changed).toBe(3);

    const nowMs = await timings(9, () => compare(v1.versionId, 0));
    const versionsMs = await timings(9, () => compare(v1.versionId, v2.versionId));
    const structureMs = await timings(5, () =>
      project.getVersionStructure({ projectId, versionId: v1.versionId }, as()),
    );
    console.info(
      `compare at ${count} documents: version↔now median ${median(nowMs).toFixed(1)} ms, version↔version ` +
        `${median(versionsMs).toFixed(1)} ms; versionStructure ${median(structureMs).toFixed(1)} ms`,
    );
    // Reading every document (thousands of streams) takes seconds; the changed three take a few milliseconds.
    expect(median(nowMs)).toBeLessThan(250);
    expect(median(versionsMs)).toBeLessThan(250);
  });
});
