import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { NodeKind } = projectv1;
const OWNER = 5001;
const FOLDERS = 200;
/** 5,000 for the benchmark shape (TREE_SCALE_APIS=5000, ~2 minutes); fewer by default to keep the tier quick. */
const APIS = Number(process.env.TREE_SCALE_APIS ?? 1_000);

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

describe('a tree of thousands of documents over gRPC (issue 15)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let projectId = 0;
  let teamId = 0;
  const as = () => ({ metadata: callerMetadata({ userId: OWNER, teamId } as Partial<Caller>) });

  beforeAll(async () => {
    const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', EVENT_STORE_SYNC: 'normal' };
    const options = {
      config: loadRuntimeConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-tree-scale-')) }),
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
    teamId = (await teamConnection.client.createTeam({ name: '大树' }, as())).teamId;
    projectId = (await project.createProject({ name: '五千接口' }, as())).projectId;
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('adds the last of thousands of documents as fast as the first and answers the whole tree quickly', {
    timeout: 300_000,
  }, async () => {
    const add = (parentId: number, kind: projectv1.NodeKind, name: string) =>
      project.addStructure({ projectId, parentId, kind, name, templateId: 0, method: 'GET', path: `/${name}` }, as());
    const folders: number[] = [];
    for (let f = 0; f < FOLDERS; f += 1)
      folders.push((await add(0, NodeKind.NODE_KIND_FOLDER, `f${f}`)).projectStructureId);
    const firstAdds = await timings(20, async () => add(folders[0]!, NodeKind.NODE_KIND_API, 'early'));
    for (let i = 20; i < APIS - 20; i += 1) await add(folders[i % FOLDERS]!, NodeKind.NODE_KIND_API, `api${i}`);
    const lastAdds = await timings(20, async () => add(folders[7]!, NodeKind.NODE_KIND_API, 'late'));

    const getStructure = () => project.getStructure({ projectId, isPublic: false }, as());
    expect((await getStructure()).nodes).toHaveLength(FOLDERS + APIS);
    const reads = await timings(30, getStructure);
    console.info(
      `tree of ${FOLDERS + APIS} nodes: addStructure median ${median(firstAdds).toFixed(1)} ms at the start, ` +
        `${median(lastAdds).toFixed(1)} ms at the ${APIS}th document; getStructure median ${median(reads).toFixed(1)} ms, ` +
        `p90 ${reads[Math.floor(reads.length * 0.9)]!.toFixed(1)} ms (over gRPC)`,
    );
    // Generous bounds for a shared machine: the point is that neither grows with the stream's length.
    expect(median(lastAdds)).toBeLessThan(median(firstAdds) * 5 + 20);
    expect(median(reads)).toBeLessThan(100);
  });
});
