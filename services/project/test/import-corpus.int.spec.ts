import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const corpus = resolve(__dirname, '../../../../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`corpus not found at ${corpus}: the corpus import test is skipped`);
/** Every document of the corpus but the Postman environments (variables, not collections). */
const files = present
  ? readdirSync(corpus, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .flatMap((dir) => readdirSync(join(corpus, dir.name)).map((name) => `${dir.name}/${name}`))
      .filter((file) => !file.endsWith('.postman_environment.json'))
  : [];
const OWNER = 8001;

describe.skipIf(!present)('every corpus document imports through the service into a new project (issue 16)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let teamId = 0;
  const as = () => ({ metadata: callerMetadata({ userId: OWNER, teamId } as Partial<Caller>) });

  beforeAll(async () => {
    const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', EVENT_STORE_SYNC: 'normal' };
    const options = {
      config: loadRuntimeConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-import-corpus-')) }),
      logger: createLogger('test', 'silent'),
      host: '127.0.0.1',
      port: 0,
    };
    const teamService = await startTeamService(options);
    const projectService = await startProjectService(options);
    services.push(projectService, teamService);
    const teamConnection = connectService(teamv1.TeamServiceDefinition, teamService.address, 60_000);
    const projectConnection = connectService(projectv1.ProjectServiceDefinition, projectService.address, 60_000);
    connections.push(teamConnection, projectConnection);
    project = projectConnection.client;
    teamId = (await teamConnection.client.createTeam({ name: '语料' }, as())).teamId;
  });
  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it.each(files)('%s', async (file) => {
    const source = { contentGzip: gzipSync(readFileSync(join(corpus, file))), fileName: file, url: '', format: 'auto' };
    const preview = await project.importPreview({ projectId: 0, source }, as());
    const made = await project.import({ projectId: 0, source, planHash: preview.planHash, name: '' }, as());
    expect(made.counts).toEqual(preview.counts);
    const { nodes } = await project.getStructure({ projectId: made.projectId, isPublic: false }, as());
    // Every previewed item is in the tree, each document with a document behind it.
    expect(nodes).toHaveLength(preview.items.length);
    const apis = preview.items.filter((item) => item.kind === 'api').length;
    expect(nodes.filter((node) => node.kind === projectv1.NodeKind.NODE_KIND_API)).toHaveLength(apis);
    for (const node of nodes.filter((n) => n.kind !== projectv1.NodeKind.NODE_KIND_FOLDER).slice(0, 20)) {
      const { doc } = await project.getDoc(
        { projectId: made.projectId, projectStructureId: node.projectStructureId },
        as(),
      );
      expect(doc?.contentJson.length).toBeGreaterThan(2);
    }
    // Importing the same file again changes nothing.
    const again = await project.importPreview({ projectId: made.projectId, source }, as());
    expect(again.counts).toEqual({ add: 0, change: 0, keep: preview.items.length });
  });
});
