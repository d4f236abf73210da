import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import {
  type Caller,
  callerMetadata,
  connectService,
  createLogger,
  loadRuntimeConfig,
  openSqliteEventStore,
} from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { Status } from 'nice-grpc-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import YAML from 'yaml';

const { ProjectRole, PrivateType } = projectv1;
const NOT_VISIBLE = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';
const NOT_MANAGER = '只有项目所有者和管理员可以管理项目';

const OWNER = 6001;
const EDITOR = 6002;
const VIEWER = 6003;
const TEAMMATE = 6004; // in the team, not in the members-only project
const OUTSIDER = 6101; // another team

const corpus = resolve(__dirname, '../../../../shared/corpus');
const petstore = join(corpus, 'openapi-3.0/swagger-petstore3-openapi.yaml');

/** A small OpenAPI 3.1 description: two tagged operations, a shared model, a server. */
function spec(overrides: { summary?: string; limitRequired?: boolean; extraPath?: boolean } = {}) {
  const paths: Record<string, unknown> = {
    '/pets': {
      get: {
        tags: ['宠物'],
        summary: overrides.summary ?? '列出宠物',
        parameters: [
          { name: 'limit', in: 'query', required: overrides.limitRequired ?? false, schema: { type: 'integer' } },
        ],
        responses: {
          '200': {
            description: '宠物列表',
            content: { 'application/json': { schema: { type: 'array', items: { $ref: '#/components/schemas/Pet' } } } },
          },
        },
      },
    },
    '/pets/{petId}': {
      get: {
        tags: ['宠物'],
        summary: '查看宠物',
        parameters: [{ name: 'petId', in: 'path', required: true, schema: { type: 'integer' } }],
        responses: {
          '200': {
            description: '宠物',
            content: { 'application/json': { schema: { $ref: '#/components/schemas/Pet' } } },
          },
        },
      },
    },
  };
  if (overrides.extraPath) {
    paths['/stores'] = { get: { tags: ['商店'], summary: '列出商店', responses: { '200': { description: 'ok' } } } };
  }
  return JSON.stringify({
    openapi: '3.1.0',
    info: { title: '宠物商店', version: '1.0.0', description: '示例' },
    servers: [{ url: 'https://petstore.example.com/v1', description: '生产' }],
    paths,
    components: {
      schemas: {
        Pet: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
      },
    },
  });
}

const source = (text: string, fileName = 'pets.json', format = 'auto') => ({
  contentGzip: gzipSync(text),
  fileName,
  url: '',
  format,
});

describe('import and export over gRPC (issue 16)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let dataDir = '';
  let teamA = 0;
  let teamB = 0;
  let projectId = 0;

  const as = (userId: number, teamId = teamA, correlationId = '') => ({
    metadata: callerMetadata({ userId, teamId, correlationId } as Partial<Caller>),
  });
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: { code: Status; details: string }) => e,
    );
    return error && { code: error.code, message: error.details };
  };
  const hidden = { code: Status.PERMISSION_DENIED, message: NOT_VISIBLE };
  const tree = async (id = projectId) =>
    (await project.getStructure({ projectId: id, isPublic: false }, as(OWNER))).nodes;
  const contentOf = async (id: number, projectStructureId: number) =>
    JSON.parse((await project.getDoc({ projectId: id, projectStructureId }, as(OWNER))).doc!.contentJson);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pmbok-import-'));
    const env = {
      ...process.env,
      MONGO_URL: '',
      KAFKA_BROKERS: '',
      NATS_URL: '',
      DATA_DIR: dataDir,
      EVENT_STORE_SYNC: 'normal',
    };
    const options = {
      config: loadRuntimeConfig(env),
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
    const team = teamConnection.client;
    project = projectConnection.client;
    teamA = (await team.createTeam({ name: '甲队' }, as(OWNER, 0))).teamId;
    teamB = (await team.createTeam({ name: '乙队' }, as(OUTSIDER, 0))).teamId;
    const { shareCode } = await team.getShareInfo({ teamId: teamA }, as(OWNER));
    for (const userId of [EDITOR, VIEWER, TEAMMATE]) await team.joinByShareCode({ shareCode }, as(userId, 0));
    projectId = (
      await project.createProject({ name: '宠物接口', privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER))
    ).projectId;
    await project.addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('previews an import without writing: folders, apis and models to add, with the source hash', async () => {
    const preview = await project.importPreview({ projectId, source: source(spec()) }, as(EDITOR));
    expect(preview).toMatchObject({ format: 'openapi', formatVersion: '3.1.0', title: '宠物商店' });
    expect(preview.planHash).toMatch(/^[0-9a-f]{64}$/);
    const rows = preview.items.map((i) => [i.action, i.kind, [...i.folderPath, i.name].join('/'), i.method, i.path]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['add', 'folder', '宠物', '', ''],
        ['add', 'api', '宠物/列出宠物', 'GET', '/pets'],
        ['add', 'api', '宠物/查看宠物', 'GET', '/pets/{petId}'],
        ['add', 'schema', '数据模型/Pet', '', ''],
      ]),
    );
    expect(preview.counts).toEqual({ add: preview.items.length, change: 0, keep: 0 });
    expect(await tree()).toEqual([]);
  });

  it('applies it as one change: every event carries the change id, servers become an environment', async () => {
    const preview = await project.importPreview({ projectId, source: source(spec()) }, as(EDITOR));
    const result = await project.import(
      { projectId, source: source(spec()), planHash: preview.planHash, name: '' },
      as(OWNER, teamA, 'request-1'),
    );
    expect(result).toMatchObject({ projectId, counts: preview.counts });
    const { changeId } = result;
    expect(changeId).toMatch(/^import-/);
    const nodes = await tree();
    const byName = new Map(nodes.map((n) => [n.name, n]));
    expect(byName.get('列出宠物')).toMatchObject({
      method: 'GET',
      path: '/pets',
      parentId: byName.get('宠物')!.projectStructureId,
    });
    const listPets = await contentOf(projectId, byName.get('列出宠物')!.projectStructureId);
    expect(listPets.responses[0].schema).toEqual({ type: 'array', items: { $ref: '#/components/schemas/Pet' } });
    const { environments } = await project.listEnvironments({ projectId }, as(OWNER));
    expect(environments.map((e) => e.baseUrl)).toEqual(['https://petstore.example.com/v1']);

    // Every event the import wrote, in every stream, is one change of the history.
    const log = openSqliteEventStore({ file: join(dataDir, 'project.db'), sync: 'normal' });
    const events = (await log.readAll(0, 100_000)).filter((e) => e.metadata.correlationId === changeId);
    await log.close();
    const streams = new Set(events.map((e) => e.metadata.streamId.split('-')[0]));
    expect(streams).toEqual(new Set(['projectTree', 'projectDoc', 'project']));
    expect(events.filter((e) => e.type === 'DocCreated')).toHaveLength(3);
    expect(events.filter((e) => e.type === 'StructureNodesCopied')).toHaveLength(1);
    // The history shows the change as an import.
    const history = await project.listHistory(
      { projectId, projectStructureId: 0, userId: 0, from: 0, to: 0, page: 1, pageSize: 100 },
      as(OWNER),
    );
    const entries = JSON.parse(history.pageJson).list.filter((e: { changeId: string }) => e.changeId === changeId);
    expect(entries.length).toBeGreaterThan(0);
    expect(new Set(entries.map((e: { action: string }) => e.action))).toEqual(new Set(['imported']));
  });

  it('re-importing matches what is there: keep, change with the changed fields, add; owner and status kept', async () => {
    const before = await tree();
    const listPets = before.find((n) => n.name === '列出宠物')!;
    const old = await contentOf(projectId, listPets.projectStructureId);
    await project.saveDoc(
      {
        projectId,
        projectStructureId: listPets.projectStructureId,
        baseVersion: 1,
        contentJson: JSON.stringify({ ...old, status: 'released', ownerId: EDITOR }),
        name: listPets.name,
      },
      as(EDITOR),
    );
    const same = await project.importPreview({ projectId, source: source(spec()) }, as(EDITOR));
    expect(same.counts).toEqual({ add: 0, change: 0, keep: same.items.length });

    const next = spec({ summary: '列出全部宠物', limitRequired: true, extraPath: true });
    const preview = await project.importPreview({ projectId, source: source(next) }, as(EDITOR));
    const changed = preview.items.find((i) => i.action === 'change')!;
    expect(changed).toMatchObject({ kind: 'api', path: '/pets', projectStructureId: listPets.projectStructureId });
    // The summary names the node, which a re-import leaves as it is (it may have been renamed here).
    expect(changed.changedFields).toEqual(['parameters']);
    expect(
      preview.items
        .filter((i) => i.action === 'add')
        .map((i) => i.name)
        .sort(),
    ).toEqual(['列出商店', '商店']);

    const result = await project.import(
      { projectId, source: source(next), planHash: preview.planHash, name: '' },
      as(EDITOR),
    );
    expect(result.counts).toEqual(preview.counts);
    const saved = await contentOf(projectId, listPets.projectStructureId);
    expect(saved.parameters[0].required).toBe(true);
    expect(saved).toMatchObject({ status: 'released', ownerId: EDITOR });
    // Nothing is deleted, nothing is renamed; the environment is not added twice.
    expect((await tree()).length).toBe(before.length + 2);
    expect((await project.listEnvironments({ projectId }, as(OWNER))).environments).toHaveLength(1);

    // Importing the same again changes nothing and names no change.
    const again = await project.import({ projectId, source: source(next), planHash: '', name: '' }, as(EDITOR));
    expect(again.changeId).toBe('');
  });

  it('refuses a source that changed since its preview, and bad input with a reason, writing nothing', async () => {
    const stale = await project.importPreview({ projectId, source: source(spec()) }, as(EDITOR));
    const count = (await tree()).length;
    const refused = await refusal(
      project.import(
        { projectId, source: source(spec({ summary: '别的' })), planHash: stale.planHash, name: '' },
        as(EDITOR),
      ),
    );
    expect(refused).toEqual({ code: Status.INVALID_ARGUMENT, message: '导入内容已变化，请重新预览' });

    const broken = await refusal(
      project.importPreview({ projectId, source: source('{"openapi": "3.1.0",\n  "info": }') }, as(EDITOR)),
    );
    expect(broken?.code).toBe(Status.INVALID_ARGUMENT);
    expect(broken?.message).toMatch(/2/);
    const none = await refusal(
      project.importPreview(
        { projectId, source: { contentGzip: Buffer.alloc(0), fileName: '', url: '', format: 'auto' } },
        as(EDITOR),
      ),
    );
    expect(none).toEqual({ code: Status.INVALID_ARGUMENT, message: '请选择要导入的文件或填写导入地址' });
    const format = await refusal(
      project.importPreview({ projectId, source: source(spec(), 'a.json', 'wsdl') }, as(EDITOR)),
    );
    expect(format?.message).toBe('导入格式只能是 auto、openapi、swagger、postman、har 或 yapi');
    const notGzip = await refusal(
      project.importPreview(
        { projectId, source: { ...source(spec()), contentGzip: Buffer.from('plain') } },
        as(EDITOR),
      ),
    );
    expect(notGzip?.message).toBe('导入文件压缩格式错误');
    const bomb = await refusal(
      project.importPreview({ projectId, source: source(' '.repeat(21 * 1024 * 1024)) }, as(EDITOR)),
    );
    expect(bomb?.message).toBe('导入文件不能超过 20 MB');
    const loopback = await refusal(
      project.importPreview(
        {
          projectId,
          source: { contentGzip: Buffer.alloc(0), fileName: '', url: 'http://127.0.0.1:1/x.json', format: 'auto' },
        },
        as(EDITOR),
      ),
    );
    expect(loopback?.message).toBe('不能从内网、本机或云服务元数据地址导入：127.0.0.1');
    expect((await tree()).length).toBe(count);
  });

  it('imports into a new project of the caller’s team, named after the source or as asked', async () => {
    const preview = await project.importPreview({ projectId: 0, source: source(spec()) }, as(TEAMMATE));
    expect(preview.counts?.change).toBe(0);
    const made = await project.import(
      { projectId: 0, source: source(spec()), planHash: preview.planHash, name: '' },
      as(TEAMMATE),
    );
    expect(made.projectId).toBeGreaterThan(0);
    const { project: created } = await project.getProject({ projectId: made.projectId }, as(TEAMMATE));
    expect(created).toMatchObject({ name: '宠物商店', description: '示例', teamId: teamA });
    expect(
      (await project.getStructure({ projectId: made.projectId, isPublic: false }, as(TEAMMATE))).nodes.length,
    ).toBe(preview.items.length);
    const named = await project.import(
      { projectId: 0, source: source(spec()), planHash: '', name: '我的导入' },
      as(TEAMMATE),
    );
    expect((await project.getProject({ projectId: named.projectId }, as(TEAMMATE))).project!.name).toBe('我的导入');
  });

  it('undoes an import as one change (revertChange with its changeId)', async () => {
    const target = (await project.createProject({ name: '撤销导入' }, as(OWNER))).projectId;
    const result = await project.import(
      { projectId: target, source: source(spec()), planHash: '', name: '' },
      as(OWNER),
    );
    expect((await tree(target)).length).toBeGreaterThan(0);
    await project.revertChange({ projectId: target, changeId: result.changeId }, as(OWNER));
    expect(await tree(target)).toEqual([]);
  });

  it('refuses importing for viewers, team readers and outsiders alike', async () => {
    const request = { projectId, source: source(spec()), planHash: '', name: '' };
    expect(await refusal(project.importPreview({ projectId, source: source(spec()) }, as(VIEWER)))).toEqual({
      code: Status.PERMISSION_DENIED,
      message: READ_ONLY,
    });
    expect(await refusal(project.import(request, as(VIEWER)))).toEqual({
      code: Status.PERMISSION_DENIED,
      message: READ_ONLY,
    });
    expect(await refusal(project.import(request, as(TEAMMATE)))).toEqual(hidden);
    expect(await refusal(project.import(request, as(OUTSIDER, teamB)))).toEqual(hidden);
    expect(await refusal(project.importPreview({ projectId, source: source(spec()) }, as(OUTSIDER, teamB)))).toEqual(
      hidden,
    );
    // Without a team there is no new project to import into.
    expect((await refusal(project.import({ ...request, projectId: 0 }, as(OUTSIDER, 0))))?.code).toBe(
      Status.INVALID_ARGUMENT,
    );
  });

  it('exports the whole project, chosen nodes (with their models and folders) and a version', async () => {
    const whole = await project.exportProject(
      { projectId, format: 'openapi-json', nodeIds: [], versionId: 0 },
      as(VIEWER),
    );
    expect(whole.mediaType).toMatch(/json/);
    const doc = JSON.parse(gunzipSync(whole.contentGzip).toString('utf8'));
    expect(Object.keys(doc.paths).sort()).toEqual(['/pets', '/pets/{petId}', '/stores']);
    expect(Object.keys(doc.components.schemas)).toEqual(['Pet']);

    const nodes = await tree();
    const petFolder = nodes.find((n) => n.name === '宠物')!;
    const some = await project.exportProject(
      { projectId, format: 'openapi-yaml', nodeIds: [petFolder.projectStructureId], versionId: 0 },
      as(VIEWER),
    );
    const partial = YAML.parse(gunzipSync(some.contentGzip).toString('utf8'));
    expect(Object.keys(partial.paths).sort()).toEqual(['/pets', '/pets/{petId}']);
    expect(Object.keys(partial.components.schemas)).toEqual(['Pet']);

    const { versionId } = await project.saveProjectVersion({ projectId, name: '导出前', notes: '' }, as(EDITOR));
    await project.import({ projectId, source: source(spec({ extraPath: true })), planHash: '', name: '' }, as(EDITOR));
    const atVersion = await project.exportProject(
      { projectId, format: 'openapi-json', nodeIds: [], versionId },
      as(VIEWER),
    );
    const old = JSON.parse(gunzipSync(atVersion.contentGzip).toString('utf8'));
    expect(old.paths['/pets'].get.parameters[0].required).toBe(true);
    const now = await project.exportProject(
      { projectId, format: 'openapi-json', nodeIds: [], versionId: 0 },
      as(VIEWER),
    );
    expect(
      JSON.parse(gunzipSync(now.contentGzip).toString('utf8')).paths['/pets'].get.parameters[0].required ?? false,
    ).toBe(false);

    const unknown = await refusal(
      project.exportProject({ projectId, format: 'openapi-json', nodeIds: [1], versionId: 0 }, as(VIEWER)),
    );
    expect(unknown?.message).toBe('要导出的节点不存在或已被删除');
    const format = await refusal(
      project.exportProject({ projectId, format: 'docx', nodeIds: [], versionId: 0 }, as(VIEWER)),
    );
    expect(format?.code).toBe(Status.INVALID_ARGUMENT);
    expect(
      await refusal(
        project.exportProject({ projectId, format: 'openapi-json', nodeIds: [], versionId: 0 }, as(TEAMMATE)),
      ),
    ).toEqual(hidden);
    expect(
      await refusal(
        project.exportProject({ projectId, format: 'openapi-json', nodeIds: [], versionId: 0 }, as(OUTSIDER, teamB)),
      ),
    ).toEqual(hidden);
  });

  it('keeps scheduled re-imports: managers save and delete, whoever sees lists', async () => {
    const saved = await project.saveImportSchedule(
      {
        projectId,
        scheduleId: 0,
        url: 'https://petstore.example.com/openapi.json',
        format: 'auto',
        intervalMinutes: 60,
        enabled: true,
      },
      as(OWNER),
    );
    const { schedules } = await project.listImportSchedules({ projectId }, as(VIEWER));
    expect(schedules).toEqual([
      expect.objectContaining({ scheduleId: saved.scheduleId, intervalMinutes: 60, enabled: true, lastStatus: '' }),
    ]);
    expect(schedules[0]!.nextRunAt).toBeGreaterThan(Date.now() + 59 * 60_000);
    const bad = {
      projectId,
      scheduleId: 0,
      url: 'https://x.example/a.json',
      format: 'auto',
      intervalMinutes: 5,
      enabled: true,
    };
    expect((await refusal(project.saveImportSchedule(bad, as(OWNER))))?.message).toBe('导入间隔为 60–10080 分钟');
    expect(
      (await refusal(project.saveImportSchedule({ ...bad, intervalMinutes: 60, url: 'ftp://x' }, as(OWNER))))?.code,
    ).toBe(Status.INVALID_ARGUMENT);
    expect(await refusal(project.saveImportSchedule({ ...bad, intervalMinutes: 60 }, as(EDITOR)))).toEqual({
      code: Status.PERMISSION_DENIED,
      message: NOT_MANAGER,
    });
    expect(await refusal(project.listImportSchedules({ projectId }, as(OUTSIDER, teamB)))).toEqual(hidden);
    expect(
      await refusal(project.deleteImportSchedule({ projectId, scheduleId: saved.scheduleId }, as(VIEWER))),
    ).toEqual({
      code: Status.PERMISSION_DENIED,
      message: NOT_MANAGER,
    });
    await project.saveImportSchedule(
      { ...bad, scheduleId: saved.scheduleId, intervalMinutes: 120, enabled: false },
      as(OWNER),
    );
    expect((await project.listImportSchedules({ projectId }, as(VIEWER))).schedules[0]).toMatchObject({
      intervalMinutes: 120,
      enabled: false,
      nextRunAt: 0,
    });
    await project.deleteImportSchedule({ projectId, scheduleId: saved.scheduleId }, as(OWNER));
    expect((await project.listImportSchedules({ projectId }, as(VIEWER))).schedules).toEqual([]);
  });

  describe.skipIf(!existsSync(petstore))('a real description (corpus)', () => {
    it('imports Swagger Petstore 3 into a new project', async () => {
      const text = readFileSync(petstore, 'utf8');
      const preview = await project.importPreview({ projectId: 0, source: source(text, 'openapi.yaml') }, as(OWNER));
      const apis = preview.items.filter((i) => i.kind === 'api');
      expect(apis.length).toBe(19);
      const made = await project.import(
        { projectId: 0, source: source(text, 'openapi.yaml'), planHash: preview.planHash, name: '' },
        as(OWNER),
      );
      const nodes = (await project.getStructure({ projectId: made.projectId, isPublic: false }, as(OWNER))).nodes;
      expect(nodes.filter((n) => n.kind === projectv1.NodeKind.NODE_KIND_API)).toHaveLength(19);
    });
  });
  if (!existsSync(petstore)) console.warn(`corpus not found at ${corpus}: the real-description import test is skipped`);
});
