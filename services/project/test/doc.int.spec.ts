import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const { NodeKind, ProjectRole, PrivateType } = projectv1;
const NOT_VISIBLE = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';

const OWNER = 3001;
const ALICE = 3002; // editor
const BOB = 3003; // editor
const VIEWER = 3004;
const TEAMMATE = 3005; // in the team, not in the members-only project
const OUTSIDER = 4001;

describe('the document tree and documents over gRPC (issue 15)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let teamA = 0;
  let teamB = 0;
  let projectId = 0;

  const as = (userId: number, teamId = teamA) => ({ metadata: callerMetadata({ userId, teamId } as Partial<Caller>) });
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: { code: Status; details: string }) => e,
    );
    return error && { code: error.code, message: error.details };
  };
  const hidden = { code: Status.PERMISSION_DENIED, message: NOT_VISIBLE };
  const readOnly = { code: Status.PERMISSION_DENIED, message: READ_ONLY };
  const add = (
    parentId: number,
    kind: projectv1.NodeKind,
    name: string,
    extra: Partial<projectv1.AddStructureRequest> = {},
  ) =>
    project.addStructure({ projectId, parentId, kind, name, templateId: 0, method: '', path: '', ...extra }, as(ALICE));
  const tree = async (userId = ALICE, id = projectId) =>
    (await project.getStructure({ projectId: id, isPublic: false }, as(userId))).nodes;
  const docOf = async (projectStructureId: number, userId = ALICE) =>
    (await project.getDoc({ projectId, projectStructureId }, as(userId))).doc!;
  const contentOf = async (projectStructureId: number) => JSON.parse((await docOf(projectStructureId)).contentJson);
  const save = (projectStructureId: number, baseVersion: number, content: unknown, userId = ALICE) =>
    project.saveDoc({ projectId, projectStructureId, baseVersion, contentJson: JSON.stringify(content) }, as(userId));

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-docs-'));
    // The people the documents name come from the auth service's topic: its log, written here as it would be.
    const auth = openSqliteEventStore({ file: join(dataDir, 'auth.db'), sync: 'normal' });
    for (const [userId, nickname] of [
      [ALICE, '张三'],
      [BOB, '李四'],
    ] as const) {
      await auth.append(
        `user-${userId}`,
        [{ type: 'UserRegistered', data: { userId, telephone: '', nickname, shareCode: '', inviterShareCode: '' } }],
        0,
        { at: 1 },
      );
    }
    await auth.close();
    const env = {
      ...process.env,
      MONGO_URL: '',
      KAFKA_BROKERS: '',
      NATS_URL: '',
      DATA_DIR: dataDir,
      EVENT_STORE_SYNC: 'normal',
      LOG_LEVEL: 'silent',
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
    const teamConnection = connectService(teamv1.TeamServiceDefinition, teamService.address);
    const projectConnection = connectService(projectv1.ProjectServiceDefinition, projectService.address);
    connections.push(teamConnection, projectConnection);
    const team = teamConnection.client;
    project = projectConnection.client;

    teamA = (await team.createTeam({ name: '甲队' }, as(OWNER, 0))).teamId;
    teamB = (await team.createTeam({ name: '乙队' }, as(OUTSIDER, 0))).teamId;
    const { shareCode } = await team.getShareInfo({ teamId: teamA }, as(OWNER));
    for (const userId of [ALICE, BOB, VIEWER, TEAMMATE]) await team.joinByShareCode({ shareCode }, as(userId, 0));
    projectId = (
      await project.createProject({ name: '支付接口', privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER))
    ).projectId;
    await project.addMembers({ projectId, userIds: [ALICE, BOB], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('builds a tree: folders, an api with its method and path, moves in a batch, copies and removes subtrees', async () => {
    const folder = await add(0, NodeKind.NODE_KIND_FOLDER, '用户');
    const inner = await add(folder.projectStructureId, NodeKind.NODE_KIND_FOLDER, '内部');
    const api = await add(inner.projectStructureId, NodeKind.NODE_KIND_API, '用户详情', {
      method: 'GET',
      path: '/users/{id}',
    });
    const page = await add(0, NodeKind.NODE_KIND_PAGE, '约定');
    expect(folder.projectDocId).toBe(0);
    expect(api.projectDocId).toBeGreaterThan(0);
    const nodes = await tree();
    expect(nodes.find((n) => n.projectStructureId === api.projectStructureId)).toMatchObject({
      parentId: inner.projectStructureId,
      kind: NodeKind.NODE_KIND_API,
      method: 'GET',
      path: '/users/{id}',
      status: 'designing',
    });

    // A drop that puts a folder under its own child moves nothing, not even the valid entries of the same drop.
    const drop = (moves: [number, number, number][]) =>
      project.moveStructure(
        {
          projectId,
          moves: moves.map(([projectStructureId, parentId, sort]) => ({ projectStructureId, parentId, sort })),
        },
        as(ALICE),
      );
    expect(
      await refusal(
        drop([
          [page.projectStructureId, folder.projectStructureId, 0],
          [folder.projectStructureId, inner.projectStructureId, 0],
        ]),
      ),
    ).toEqual({ code: Status.INVALID_ARGUMENT, message: '不能把目录移动到它自己或它的子目录下' });
    expect(await refusal(drop([[page.projectStructureId, api.projectStructureId, 0]]))).toEqual({
      code: Status.INVALID_ARGUMENT,
      message: '只能放在目录下',
    });
    expect(await tree()).toEqual(nodes);
    await drop([
      [page.projectStructureId, folder.projectStructureId, 0],
      [inner.projectStructureId, 0, 5],
    ]);
    const moved = await tree();
    expect(moved.find((n) => n.projectStructureId === page.projectStructureId)?.parentId).toBe(
      folder.projectStructureId,
    );
    expect(moved.find((n) => n.projectStructureId === inner.projectStructureId)).toMatchObject({
      parentId: 0,
      sort: 5,
    });

    const copy = await project.copyStructure({ projectId, projectStructureId: inner.projectStructureId }, as(ALICE));
    const copied = (await tree()).filter((n) => n.parentId === copy.projectStructureId);
    expect(copied.map((n) => [n.name, n.path])).toEqual([['用户详情', '/users/{id}']]);
    expect((await contentOf(copied[0]!.projectStructureId)).path).toBe('/users/{id}');

    await project.deleteStructure({ projectId, projectStructureId: copy.projectStructureId }, as(ALICE));
    expect((await tree()).some((n) => n.projectStructureId === copied[0]!.projectStructureId)).toBe(false);
    expect(await refusal(docOf(copied[0]!.projectStructureId))).toEqual({
      code: Status.NOT_FOUND,
      message: '文档不存在或已被删除',
    });
  });

  it('tells a caller holding the current version of the tree so, without the nodes, and sends them again after a change', async () => {
    const read = (knownVersion: number, userId = ALICE) =>
      project.getStructure({ projectId, isPublic: false, knownVersion }, as(userId));
    const first = await read(0);
    expect(first.unchanged).toBe(false);
    expect(first.version).toBeGreaterThan(0);
    expect(first.nodes.length).toBeGreaterThan(0);
    expect(await read(first.version, VIEWER)).toMatchObject({ unchanged: true, nodes: [], version: first.version });
    // The version is only a hint: whoever may not read the project is refused before it is compared.
    const known = project.getStructure(
      { projectId, isPublic: false, knownVersion: first.version },
      as(OUTSIDER, teamB),
    );
    expect(await refusal(known)).toEqual(hidden);
    const { projectStructureId } = await add(0, NodeKind.NODE_KIND_PAGE, '版本之后');
    const next = await read(first.version);
    expect(next.unchanged).toBe(false);
    expect(next.version).toBeGreaterThan(first.version);
    expect(next.nodes.some((n) => n.projectStructureId === projectStructureId)).toBe(true);
  });

  it('lets two editors race on one document: the later save is refused naming the first, and nothing is lost', async () => {
    const { projectStructureId } = await add(0, NodeKind.NODE_KIND_API, '下单', { method: 'POST', path: '/orders' });
    const base = await docOf(projectStructureId, BOB);
    const original = JSON.parse(base.contentJson);
    await vi.waitFor(async () => expect((await docOf(projectStructureId)).createdByName).toBe('张三'));

    const alices = { ...original, description: '张三写的说明' };
    const bobs = { ...original, tags: ['李四的标签'] };
    const [first, second] = await Promise.all([
      save(projectStructureId, base.version, alices, ALICE),
      save(projectStructureId, base.version, bobs, BOB),
    ]);
    // Exactly one of the two saves on the same version wins; the other gets the winner's document back.
    const [won, lost, winner] = first.conflict ? [second, first, '李四'] : [first, second, '张三'];
    expect(won.conflict).toBeUndefined();
    expect(won.version).toBe(base.version + 1);
    expect(lost.version).toBe(0);
    expect(lost.conflict).toMatchObject({
      saverName: winner,
      current: { version: base.version + 1, updatedByName: winner },
    });

    // The loser merges on the version it was shown and saves: both edits are kept.
    const current = JSON.parse(lost.conflict!.current!.contentJson);
    const merged = { ...current, description: '张三写的说明', tags: ['李四的标签'] };
    const loser = winner === '张三' ? BOB : ALICE;
    const saved = await save(projectStructureId, lost.conflict!.current!.version, merged, loser);
    expect(saved).toMatchObject({ version: base.version + 2, conflict: undefined });
    expect(await contentOf(projectStructureId)).toMatchObject({ description: '张三写的说明', tags: ['李四的标签'] });

    // Sequentially the same: a save on the old version after someone else's is refused, nothing written.
    const stale = await save(projectStructureId, base.version, { ...original, description: '过时' }, ALICE);
    expect(stale.conflict?.current?.version).toBe(base.version + 2);
    expect((await contentOf(projectStructureId)).description).toBe('张三写的说明');
  });

  it('refuses bad documents with a message and keeps the last good one', async () => {
    const model = await add(0, NodeKind.NODE_KIND_SCHEMA, 'User');
    const { projectStructureId } = await add(0, NodeKind.NODE_KIND_API, '创建用户', { method: 'POST', path: '/users' });
    const good = await contentOf(projectStructureId);
    const bad = async (content: unknown) => (await refusal(save(projectStructureId, 1, content)))?.message;
    expect(await bad({ ...good, method: 'FETCH' })).toMatch(/请求方法只能是/);
    expect(await bad({ ...good, path: 'users' })).toBe('接口路径必须以 / 开头');
    expect(await bad({ ...good, path: '/users/{id' })).toMatch(/接口路径不正确/);
    expect(await bad({ ...good, requestBody: { type: 'json', schema: { type: 'objekt' } } })).toMatch(
      /JSON Schema 不正确/,
    );
    expect(
      await bad({ ...good, requestBody: { type: 'json', schema: { $ref: '#/components/schemas/Ghost' } } }),
    ).toMatch(/数据模型「Ghost」不存在/);
    expect(
      (
        await refusal(
          project.saveDoc({ projectId, projectStructureId, baseVersion: 1, contentJson: '{oops' }, as(ALICE)),
        )
      )?.message,
    ).toBe('文档内容不是合法的 JSON');
    expect(await bad({ ...good, description: 'x'.repeat(5 * 1024 * 1024 + 10) })).toBe('文档不能超过 5 MB');
    expect(await bad({ markdown: '# 页面' })).toBe('接口文档没有这些字段：markdown');
    expect(await refusal(add(0, NodeKind.NODE_KIND_API, '坏', { method: 'get' }))).toMatchObject({
      code: Status.INVALID_ARGUMENT,
    });
    expect(await refusal(add(0, NodeKind.NODE_KIND_FOLDER, '名'.repeat(101)))).toEqual({
      code: Status.INVALID_ARGUMENT,
      message: '名称最多100个字符',
    });
    expect(await contentOf(projectStructureId)).toEqual(good);

    const body = {
      type: 'json',
      schema: { type: 'object', properties: { user: { $ref: '#/components/schemas/User' } } },
    };
    expect((await save(projectStructureId, 1, { ...good, requestBody: body })).version).toBe(2);
    expect(model.projectDocId).toBeGreaterThan(0);
  });

  it('finds documents by Chinese and mixed-case substrings of names, descriptions, parameters and fields', async () => {
    const { projectStructureId } = await add(0, NodeKind.NODE_KIND_API, '退款申请', {
      method: 'POST',
      path: '/refunds',
    });
    const content = await contentOf(projectStructureId);
    await save(projectStructureId, 1, {
      ...content,
      description: '商户发起部分退款，资金原路返回',
      parameters: [{ in: 'query', name: 'merchantOrderNo', schema: { type: 'string' } }],
      requestBody: { type: 'json', schema: { type: 'object', properties: { refundAmount: { type: 'integer' } } } },
    });
    const page = await add(0, NodeKind.NODE_KIND_PAGE, '对账说明');
    await save(page.projectStructureId, 1, { markdown: '# 每日对账\n\n凌晨两点生成 **对账文件**。' });
    const search = async (keyword: string, userId = ALICE) =>
      (await project.searchDocs({ projectId, keyword }, as(userId))).hits.map((hit) => [hit.name, hit.matchedIn]);
    expect(await search('退款')).toEqual([['退款申请', 'name']]);
    expect(await search('原路')).toEqual([['退款申请', 'description']]);
    expect(await search('MERCHANTORDER')).toEqual([['退款申请', 'parameter']]);
    expect(await search('refundamount')).toEqual([['退款申请', 'field']]);
    expect(await search('/refu')).toEqual([['退款申请', 'path']]);
    expect(await search('对账文件')).toEqual([['对账说明', 'content']]);
    expect(await search('两点', VIEWER)).toEqual([['对账说明', 'content']]);
    expect(await search('.*')).toEqual([]);
    expect(await refusal(project.searchDocs({ projectId, keyword: '  ' }, as(ALICE)))).toMatchObject({
      code: Status.INVALID_ARGUMENT,
    });
  });

  it('keeps API templates apart from the tree and starts new documents from them', async () => {
    const { projectStructureId } = await add(0, NodeKind.NODE_KIND_API, '分页列表', { method: 'GET', path: '/items' });
    const content = await contentOf(projectStructureId);
    await save(projectStructureId, 1, {
      ...content,
      parameters: [{ in: 'query', name: 'pageSize', schema: { type: 'integer' } }],
    });
    const template = await project.saveApiTemplate({ projectId, projectStructureId, name: '分页模板' }, as(ALICE));
    const templates = (await project.listApiTemplates({ projectId }, as(VIEWER))).templates;
    expect(templates.map((t) => [t.name, t.isTemplate])).toEqual([['分页模板', true]]);
    expect((await tree()).some((n) => n.projectStructureId === template.projectStructureId)).toBe(false);
    const started = await add(0, NodeKind.NODE_KIND_API, '订单列表', {
      templateId: template.projectStructureId,
      path: '/orders',
    });
    expect(await contentOf(started.projectStructureId)).toMatchObject({
      path: '/orders',
      parameters: [{ name: 'pageSize' }],
    });
    await project.deleteApiTemplate({ projectId, projectStructureId: template.projectStructureId }, as(ALICE));
    expect((await project.listApiTemplates({ projectId }, as(ALICE))).templates).toEqual([]);
  });

  it('lets a viewer read and change nothing, and tells an outsider or a non-member nothing', async () => {
    const { projectStructureId } = await add(0, NodeKind.NODE_KIND_PAGE, '只读');
    expect((await tree(VIEWER)).length).toBeGreaterThan(0);
    expect((await docOf(projectStructureId, VIEWER)).name).toBe('只读');
    expect(
      await refusal(
        project.addStructure(
          { projectId, parentId: 0, kind: NodeKind.NODE_KIND_PAGE, name: 'x', templateId: 0, method: '', path: '' },
          as(VIEWER),
        ),
      ),
    ).toEqual(readOnly);
    expect(await refusal(save(projectStructureId, 1, { markdown: 'x' }, VIEWER))).toEqual(readOnly);
    expect(await refusal(project.renameStructure({ projectId, projectStructureId, name: 'x' }, as(VIEWER)))).toEqual(
      readOnly,
    );
    expect(await refusal(project.deleteStructure({ projectId, projectStructureId }, as(VIEWER)))).toEqual(readOnly);
    expect(
      await refusal(
        project.moveStructure({ projectId, moves: [{ projectStructureId, parentId: 0, sort: 1 }] }, as(VIEWER)),
      ),
    ).toEqual(readOnly);
    for (const [userId, teamId] of [
      [OUTSIDER, teamB],
      [OUTSIDER, teamA],
      [TEAMMATE, teamA],
    ] as const) {
      const who = as(userId, teamId);
      expect(await refusal(project.getStructure({ projectId, isPublic: false }, who))).toEqual(hidden);
      expect(await refusal(project.getDoc({ projectId, projectStructureId }, who))).toEqual(hidden);
      expect(await refusal(project.searchDocs({ projectId, keyword: '只读' }, who))).toEqual(hidden);
      expect(
        await refusal(project.saveDoc({ projectId, projectStructureId, baseVersion: 1, contentJson: '{}' }, who)),
      ).toEqual(hidden);
      expect(await refusal(project.getPublicDoc({ projectId, projectStructureId }, who))).toEqual(hidden);
      const node = { projectId, projectStructureId };
      const writes: Promise<unknown>[] = [
        project.addStructure(
          { projectId, parentId: 0, kind: NodeKind.NODE_KIND_PAGE, name: 'x', templateId: 0, method: '', path: '' },
          who,
        ),
        project.renameStructure({ ...node, name: 'x' }, who),
        project.copyStructure(node, who),
        project.deleteStructure(node, who),
        project.moveStructure({ projectId, moves: [{ projectStructureId, parentId: 0, sort: 1 }] }, who),
        project.saveApiTemplate({ ...node, name: '' }, who),
        project.listApiTemplates({ projectId }, who),
        project.linkTask({ ...node, taskProjectId: 1, taskId: 1 }, who),
      ];
      for (const write of writes) expect(await refusal(write)).toEqual(hidden);
    }
    expect(await refusal(project.getStructure({ projectId: 0, isPublic: false }, as(ALICE)))).toEqual(hidden);
    expect(await refusal(project.getDoc({ projectId, projectStructureId: 0 }, as(ALICE)))).toMatchObject({
      code: Status.NOT_FOUND,
    });
    expect(await contentOf(projectStructureId)).toEqual({ markdown: '' });
  });

  it("lists the creator centre's documents of the caller", async () => {
    const mine = await project.listMyDocs({ page: 1, pageSize: 100 }, as(BOB));
    expect(mine.total).toBeGreaterThan(0);
    expect(mine.docs.every((doc) => doc.projectName === '支付接口')).toBe(true);
    expect((await project.listMyDocs({ page: 1, pageSize: 10 }, as(OUTSIDER, teamB))).docs).toEqual([]);
  });
});
