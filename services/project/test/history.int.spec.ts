import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
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
import type { FieldDiff } from '../src/domain/diff/index.js';

const { NodeKind, ProjectRole, PrivateType, DocPrivateType, VersionUpdateType, ScriptKind } = projectv1;
const NOT_VISIBLE = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';

const OWNER = 5001;
const ALICE = 5002; // editor
const BOB = 5003; // joins and leaves the project
const VIEWER = 5004;
const TEAMMATE = 5005; // in the team, not in the members-only project
const OUTSIDER = 6001; // another team

interface Entry {
  entryId: number;
  changeId: string;
  at: number;
  userId: number;
  userName: string;
  action: string;
  projectStructureId: number;
  projectDocId: number;
  kind: string;
  name: string;
  summary: string;
  fields: FieldDiff[];
}

describe('the change history over gRPC (issue 16)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let teamA = 0;
  let projectId = 0;

  // Each call carries its own correlation id, as the gateway gives one per request.
  const as = (userId: number, teamId = teamA) => ({
    metadata: callerMetadata({ userId, teamId, correlationId: randomUUID() } as Partial<Caller>),
  });
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: { code: Status; details: string }) => e,
    );
    return error && { code: error.code, message: error.details };
  };
  const add = (
    parentId: number,
    kind: projectv1.NodeKind,
    name: string,
    extra: Partial<projectv1.AddStructureRequest> = {},
  ) =>
    project.addStructure({ projectId, parentId, kind, name, templateId: 0, method: '', path: '', ...extra }, as(ALICE));
  const docOf = async (projectStructureId: number) =>
    (await project.getDoc({ projectId, projectStructureId }, as(ALICE))).doc!;
  const contentOf = async (projectStructureId: number) => JSON.parse((await docOf(projectStructureId)).contentJson);
  /** Saves `change` over the document's present content. */
  const edit = async (projectStructureId: number, change: Record<string, unknown>, userId = ALICE) => {
    const doc = await docOf(projectStructureId);
    const content = { ...JSON.parse(doc.contentJson), ...change };
    await project.saveDoc(
      { projectId, projectStructureId, baseVersion: doc.version, contentJson: JSON.stringify(content) },
      as(userId),
    );
  };
  const history = async (filter: Partial<Parameters<typeof project.listHistory>[0]> = {}, userId = ALICE) => {
    const request = { projectId, projectStructureId: 0, userId: 0, from: 0, to: 0, page: 1, pageSize: 100, ...filter };
    const { pageJson } = await project.listHistory(request, as(userId));
    return JSON.parse(pageJson) as { list: Entry[]; count: number; pages: number };
  };
  /** The field at `path` of the newest entry that has one. */
  const fieldIn = (list: Entry[], path: string, action?: string, kind?: string) => {
    for (const entry of list) {
      if ((action && entry.action !== action) || (kind && entry.kind !== kind)) continue;
      const field = entry.fields.find((f) => f.path === path);
      if (field) return { entry, field };
    }
    throw new Error(
      `no ${path} in the history: ${JSON.stringify(list.map((e) => [e.action, e.fields.map((f) => f.path)]))}`,
    );
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-history-'));
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
      LOG_LEVEL: 'silent',
    };
    const options = {
      config: loadRuntimeConfig({ ...env, EVENT_STORE_SYNC: 'normal' }),
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
    await team.createTeam({ name: '乙队' }, as(OUTSIDER, 0));
    const { shareCode } = await team.getShareInfo({ teamId: teamA }, as(OWNER));
    for (const userId of [ALICE, BOB, VIEWER, TEAMMATE]) await team.joinByShareCode({ shareCode }, as(userId, 0));
    projectId = (
      await project.createProject({ name: '宠物商店', privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER))
    ).projectId;
    await project.addMembers({ projectId, userIds: [ALICE], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('finds every kind of change with its before and after: project fields, members, settings, nodes, every document field', async () => {
    // The project's fields.
    await project.updateProject(
      {
        projectId,
        name: '宠物商店 v2',
        description: '宠物的增删改查',
        docPrivateType: DocPrivateType.DOC_PRIVATE_TYPE_PUBLIC,
        versionUpdateType: VersionUpdateType.VERSION_UPDATE_TYPE_MANUAL,
        privateType: PrivateType.PRIVATE_TYPE_TEAM,
      },
      as(OWNER),
    );
    await project.updateProject({ projectId, privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER));
    const auto = VersionUpdateType.VERSION_UPDATE_TYPE_AUTO;
    await project.updateProject(
      { projectId, versionUpdateType: auto, poster: 3, logo: 'https://img.example.com/pet.png' },
      as(OWNER),
    );
    const manual = VersionUpdateType.VERSION_UPDATE_TYPE_MANUAL;
    await project.updateProject({ projectId, versionUpdateType: manual }, as(OWNER));
    // Members.
    await project.addMembers({ projectId, userIds: [BOB], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
    await project.changeMemberRole({ projectId, userId: BOB, role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.removeMember({ projectId, userId: BOB }, as(OWNER));
    // Settings.
    const env = { name: '测试', baseUrl: 'https://test.example.com', variables: [], headers: [] };
    const { projectConfigId } = await project.addEnvironment({ projectId, ...env }, as(OWNER));
    await project.updateEnvironment(
      { projectId, projectConfigId, ...env, baseUrl: 'https://qa.example.com' },
      as(OWNER),
    );
    const code = { code: 'E100', meaning: '参数错误', solution: '' };
    const { responseCodeId } = await project.addResponseCode({ projectId, ...code }, as(OWNER));
    await project.updateResponseCode({ projectId, responseCodeId, ...code, meaning: '参数不合法' }, as(OWNER));
    await project.removeResponseCode({ projectId, responseCodeId }, as(OWNER));
    await project.saveScript({ projectId, kind: ScriptKind.SCRIPT_KIND_BEFORE, content: 'const a = 1;' }, as(OWNER));
    const url = 'https://api.example.com/openapi.json';
    const schedule = { projectId, scheduleId: 0, url, format: 'auto', intervalMinutes: 60, enabled: false };
    const { scheduleId } = await project.saveImportSchedule(schedule, as(OWNER));
    await project.saveImportSchedule({ ...schedule, scheduleId, intervalMinutes: 120 }, as(OWNER));
    await project.deleteImportSchedule({ projectId, scheduleId }, as(OWNER));
    // Nodes.
    const folder = await add(0, NodeKind.NODE_KIND_FOLDER, '宠物');
    const other = await add(0, NodeKind.NODE_KIND_FOLDER, '其他');
    const api = await add(folder.projectStructureId, NodeKind.NODE_KIND_API, '获取宠物', {
      method: 'GET',
      path: '/pets',
    });
    const page = await add(folder.projectStructureId, NodeKind.NODE_KIND_PAGE, '说明');
    const model = await add(folder.projectStructureId, NodeKind.NODE_KIND_SCHEMA, 'Pet');
    const doomed = await add(other.projectStructureId, NodeKind.NODE_KIND_PAGE, '草稿');
    await project.renameStructure(
      { projectId, projectStructureId: api.projectStructureId, name: '查询宠物' },
      as(ALICE),
    );
    await project.moveStructure(
      {
        projectId,
        moves: [{ projectStructureId: page.projectStructureId, parentId: other.projectStructureId, sort: 0 }],
      },
      as(ALICE),
    );
    await project.deleteStructure({ projectId, projectStructureId: doomed.projectStructureId }, as(ALICE));

    // Every field of an api document, one save each.
    const id = api.projectStructureId;
    const edits: [string, Record<string, unknown>, string, unknown, unknown][] = [
      ['method', { method: 'POST' }, 'method', 'GET', 'POST'],
      ['path', { path: '/pets/{id}' }, 'path', '/pets', '/pets/{id}'],
      ['status', { status: 'released' }, 'status', 'designing', 'released'],
      ['tags', { tags: ['宠物'] }, 'tags', [], ['宠物']],
      ['ownerId', { ownerId: OWNER }, 'ownerId', ALICE, OWNER],
      ['description', { description: '按编号查询' }, 'description', '', '按编号查询'],
      ['operationId', { operationId: 'getPet' }, 'operationId', '', 'getPet'],
      ['deprecated', { deprecated: true }, 'deprecated', false, true],
      [
        'parameters',
        { parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }] },
        'parameters.path.id',
        null,
        { in: 'path', name: 'id', required: true },
      ],
      [
        'requestBody',
        {
          requestBody: {
            type: 'json',
            mediaType: 'application/json',
            schema: { type: 'object', properties: { name: { type: 'string' } } },
          },
        },
        'requestBody.type',
        'none',
        'json',
      ],
      [
        'responses',
        { responses: [{ status: '200', schema: { type: 'object', properties: { id: { type: 'integer' } } } }] },
        'responses.200.schema.properties.id',
        null,
        { type: 'integer' },
      ],
      ['extra', { extra: { 'x-rate-limit': 10 } }, 'extra.x-rate-limit', null, 10],
    ];
    for (const [, change] of edits) await edit(id, change);
    await edit(id, {
      responses: [{ status: '200', schema: { type: 'object', properties: { id: { type: 'string' } } } }],
    });
    await edit(page.projectStructureId, { markdown: '# 宠物说明' });
    await edit(model.projectStructureId, {
      schema: { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] },
      description: '宠物',
    });

    const { list } = await history();
    const expectField = (path: string, before: unknown, after: unknown, action?: string, kind?: string) => {
      const { field } = fieldIn(list, path, action, kind);
      if (before !== null && typeof before === 'object') expect(field.before).toMatchObject(before);
      else expect(field.before).toEqual(before);
      if (after !== null && typeof after === 'object') expect(field.after).toMatchObject(after);
      else expect(field.after).toEqual(after);
      return field;
    };

    // The project.
    expectField('name', '宠物商店', '宠物商店 v2', 'project-updated');
    expectField('description', '', '宠物的增删改查', 'project-updated');
    expectField('docPrivateType', 'private', 'public', 'project-updated');
    expectField('privateType', 'team', 'members', 'project-updated');
    expectField('versionUpdateType', 'auto', 'manual', 'project-updated');
    expect(list.filter((e) => e.fields.some((f) => f.path === 'versionUpdateType'))).toHaveLength(2);
    expectField('poster', 0, 3, 'project-updated');
    expectField('logo', '', 'https://img.example.com/pet.png', 'project-updated');
    expect(list.find((e) => e.action === 'project-created')?.name).toBe('宠物商店');
    // Members, named.
    expectField(`members.${BOB}`, null, 'viewer', 'member-added');
    expectField(`members.${BOB}.role`, 'viewer', 'editor', 'member-role-changed');
    expectField(`members.${BOB}`, 'editor', null, 'member-removed');
    expect(list.find((e) => e.action === 'member-removed')?.summary).toContain('李四');
    // Settings.
    expect(fieldIn(list, 'scripts.before.content', 'settings-changed').field).toMatchObject({
      before: '',
      after: 'const a = 1;',
    });
    expect(list.some((e) => e.action === 'settings-changed' && e.summary.includes('测试'))).toBe(true);
    expect(list.some((e) => e.action === 'settings-changed' && e.summary.includes('E100'))).toBe(true);
    expectField(`environments.${projectConfigId}.baseUrl`, 'https://test.example.com', 'https://qa.example.com');
    expectField(`responseCodes.${responseCodeId}.meaning`, '参数错误', '参数不合法');
    expectField(`responseCodes.${responseCodeId}`, 'E100', null);
    expectField(`importSchedules.${scheduleId}.intervalMinutes`, 60, 120, 'settings-changed');
    expectField(`importSchedules.${scheduleId}`, url, null, 'settings-changed');
    expect(list.find((e) => e.summary === `新增了定时导入 ${url}`)).toBeTruthy();
    // Nodes: added (with their documents), renamed, moved, removed.
    const added = list.filter((e) => e.action === 'node-added').map((e) => [e.name, e.kind]);
    expect(added).toEqual(
      expect.arrayContaining([
        ['宠物', 'folder'],
        ['获取宠物', 'api'],
        ['说明', 'page'],
        ['Pet', 'schema'],
      ]),
    );
    expect(list.find((e) => e.action === 'node-added' && e.name === '获取宠物')?.projectDocId).toBeGreaterThan(0);
    expectField('name', '获取宠物', '查询宠物', 'node-renamed');
    const moved = expectField('parentId', folder.projectStructureId, other.projectStructureId, 'node-moved');
    expect(moved.message).toBe('说明 所在目录由 宠物 改为 其他');
    const removed = list.find((e) => e.action === 'node-removed');
    expect(removed).toMatchObject({ name: '草稿', kind: 'page', projectStructureId: doomed.projectStructureId });
    // Each api field, walked.
    for (const [, , path, before, after] of edits) expectField(path, before, after, 'doc-saved', 'api');
    const retyped = expectField('responses.200.schema.properties.id.type', 'integer', 'string', 'doc-saved');
    expect(retyped.breaking).toBe(true);
    // the first saves changed only the request line of the blank document the node was created with: nothing could
    // depend on it yet (the response retyped later is flagged above)
    expect(fieldIn(list, 'method', 'doc-saved').field.breaking).toBe(false);
    expect(fieldIn(list, 'path', 'doc-saved').field.breaking).toBe(false);
    expectField('markdown', '', '# 宠物说明', 'doc-saved');
    expectField('schema.properties.name', null, { type: 'string' }, 'doc-saved');
    expectField('description', '', '宠物', 'doc-saved', 'schema');
    // Who, when, and a summary naming the document and what changed.
    const save = list.find((e) => e.action === 'doc-saved' && e.fields.some((f) => f.path === 'method'))!;
    expect(save).toMatchObject({
      userId: ALICE,
      userName: '张三',
      kind: 'api',
      name: '查询宠物',
      projectStructureId: id,
    });
    expect(save.summary).toBe('修改了接口 查询宠物 的 请求方法');
    expect(list.map((e) => e.entryId)).toEqual([...list.map((e) => e.entryId)].sort((a, b) => b - a));
  });

  it('filters by node, member and date, and pages newest first', async () => {
    const all = await history();
    const api = all.list.find((e) => e.kind === 'api' && e.action === 'node-added')!;
    const ofApi = await history({ projectStructureId: api.projectStructureId });
    expect(ofApi.list.length).toBeGreaterThan(10);
    expect(ofApi.list.every((e) => e.projectStructureId === api.projectStructureId)).toBe(true);
    const byOwner = await history({ userId: OWNER });
    expect(byOwner.count).toBeGreaterThan(0);
    expect(byOwner.list.every((e) => e.userId === OWNER)).toBe(true);
    const middle = all.list[Math.floor(all.list.length / 2)]!;
    const since = await history({ from: middle.at });
    expect(since.list.every((e) => e.at >= middle.at)).toBe(true);
    expect((await history({ to: 1 })).count).toBe(0);
    const first = await history({ pageSize: 5, page: 1 });
    const second = await history({ pageSize: 5, page: 2 });
    expect(first.list).toHaveLength(5);
    expect(first.pages).toBe(Math.ceil(all.count / 5));
    expect(second.list[0]!.entryId).toBeLessThan(first.list[4]!.entryId);
  });

  it('restores a document as right after an entry, as a new version and a change of its own', async () => {
    const ofApi = (await history()).list.find((e) => e.kind === 'api' && e.action === 'node-added')!;
    const id = ofApi.projectStructureId;
    const afterPath = (await history({ projectStructureId: id })).list.find((e) =>
      e.fields.some((f) => f.path === 'path'),
    )!;
    const before = await docOf(id);
    const result = await project.restoreHistoryDoc(
      { projectId, projectStructureId: id, entryId: afterPath.entryId },
      as(ALICE),
    );
    expect(result.restored).toBe(1);
    expect(result.changeId).toMatch(/^restore-/);
    const restored = await docOf(id);
    expect(restored.version).toBe(before.version + 1);
    expect(JSON.parse(restored.contentJson)).toMatchObject({
      method: 'POST',
      path: '/pets/{id}',
      status: 'designing',
      tags: [],
    });
    const newest = (await history({ projectStructureId: id })).list[0]!;
    expect(newest).toMatchObject({ action: 'restored', changeId: result.changeId });
    // Restoring to the very same content changes nothing.
    const again = await project.restoreHistoryDoc(
      { projectId, projectStructureId: id, entryId: afterPath.entryId },
      as(ALICE),
    );
    expect(again).toEqual({ changeId: '', restored: 0 });
  });

  it('re-creates a removed document from its history, under its folder', async () => {
    const { list } = await history();
    const removed = list.find((e) => e.action === 'node-removed' && e.name === '草稿')!;
    const created = list.find((e) => e.action === 'node-added' && e.name === '草稿')!;
    const result = await project.restoreHistoryDoc(
      { projectId, projectStructureId: removed.projectStructureId, entryId: created.entryId },
      as(ALICE),
    );
    expect(result.restored).toBe(1);
    const nodes = (await project.getStructure({ projectId, isPublic: false }, as(ALICE))).nodes;
    const back = nodes.find((n) => n.projectStructureId === removed.projectStructureId);
    expect(back).toMatchObject({ name: '草稿' });
    expect(await contentOf(removed.projectStructureId)).toEqual({ markdown: '' });
  });

  it('reverts a change: what it added is removed, what it removed comes back, saves and renames undone', async () => {
    const folder = await add(0, NodeKind.NODE_KIND_FOLDER, '临时');
    const api = await add(folder.projectStructureId, NodeKind.NODE_KIND_API, '删除宠物', {
      method: 'DELETE',
      path: '/pets/{id}',
    });
    await edit(api.projectStructureId, { description: '删除一只宠物' });
    const addedApi = (await history({ projectStructureId: api.projectStructureId })).list.find(
      (e) => e.action === 'node-added',
    )!;
    const saved = (await history({ projectStructureId: api.projectStructureId })).list[0]!;
    expect(saved.action).toBe('doc-saved');

    // Revert the save: the description is gone again.
    const undoSave = await project.revertChange({ projectId, changeId: saved.changeId }, as(ALICE));
    expect(undoSave.restored).toBe(1);
    expect((await contentOf(api.projectStructureId)).description).toBe('');
    // Revert the revert: it is a change like any other.
    await project.revertChange({ projectId, changeId: undoSave.changeId }, as(ALICE));
    expect((await contentOf(api.projectStructureId)).description).toBe('删除一只宠物');

    // Remove the folder, then revert the removal: folder and api back, same ids, the api's content too.
    await project.deleteStructure({ projectId, projectStructureId: folder.projectStructureId }, as(ALICE));
    const removal = (await history({ projectStructureId: api.projectStructureId })).list[0]!;
    expect(removal).toMatchObject({ action: 'node-removed', projectStructureId: folder.projectStructureId });
    const back = await project.revertChange({ projectId, changeId: removal.changeId }, as(ALICE));
    expect(back.restored).toBe(2);
    const nodes = (await project.getStructure({ projectId, isPublic: false }, as(ALICE))).nodes;
    expect(nodes.find((n) => n.projectStructureId === api.projectStructureId)).toMatchObject({
      parentId: folder.projectStructureId,
      name: '删除宠物',
    });
    expect(await contentOf(api.projectStructureId)).toMatchObject({ method: 'DELETE', description: '删除一只宠物' });
    const reverted = (await history({ projectStructureId: api.projectStructureId })).list[0]!;
    expect(reverted.action).toBe('reverted');

    // Back with a new document: restoring it to its first entry writes the content then into the new one.
    const first = await project.restoreHistoryDoc(
      { projectId, projectStructureId: api.projectStructureId, entryId: addedApi.entryId },
      as(ALICE),
    );
    expect(first.restored).toBe(1);
    expect(await contentOf(api.projectStructureId)).toMatchObject({ method: 'DELETE', description: '' });

    // Revert the api's creation: it is removed.
    await project.revertChange({ projectId, changeId: addedApi.changeId }, as(ALICE));
    const after = (await project.getStructure({ projectId, isPublic: false }, as(ALICE))).nodes;
    expect(after.some((n) => n.projectStructureId === api.projectStructureId)).toBe(false);
    expect(after.some((n) => n.projectStructureId === folder.projectStructureId)).toBe(true);

    // A rename reverted.
    await project.renameStructure(
      { projectId, projectStructureId: folder.projectStructureId, name: '临时 2' },
      as(ALICE),
    );
    const rename = (await history({ projectStructureId: folder.projectStructureId })).list[0]!;
    await project.revertChange({ projectId, changeId: rename.changeId }, as(ALICE));
    const renamed = (await project.getStructure({ projectId, isPublic: false }, as(ALICE))).nodes;
    expect(renamed.find((n) => n.projectStructureId === folder.projectStructureId)?.name).toBe('临时');
  });

  it('undoes only what the change did: reverting a rename keeps a later save, reverting a save keeps a later rename', async () => {
    const page = await add(0, NodeKind.NODE_KIND_PAGE, '周报');
    const id = page.projectStructureId;
    await project.renameStructure({ projectId, projectStructureId: id, name: '月报' }, as(ALICE));
    await edit(id, { markdown: '# 十一月' });
    const [saved, renamed] = (await history({ projectStructureId: id })).list;
    expect([saved!.action, renamed!.action]).toEqual(['doc-saved', 'node-renamed']);

    await project.revertChange({ projectId, changeId: renamed!.changeId }, as(ALICE));
    const name = async () =>
      (await project.getStructure({ projectId, isPublic: false }, as(ALICE))).nodes.find(
        (n) => n.projectStructureId === id,
      )?.name;
    expect(await name()).toBe('周报');
    expect(await contentOf(id)).toEqual({ markdown: '# 十一月' });

    await project.renameStructure({ projectId, projectStructureId: id, name: '季报' }, as(ALICE));
    await project.revertChange({ projectId, changeId: saved!.changeId }, as(ALICE));
    expect(await contentOf(id)).toEqual({ markdown: '' });
    expect(await name()).toBe('季报');
  });

  it('an import and a copy are one change each; reverting the import removes what it added', async () => {
    const openapi = {
      openapi: '3.1.0',
      info: { title: '订单', version: '1.0' },
      paths: {
        '/orders': { get: { tags: ['订单'], summary: '订单列表', responses: { '200': { description: '成功' } } } },
        '/orders/{id}': {
          get: {
            tags: ['订单'],
            summary: '订单详情',
            parameters: [{ in: 'path', name: 'id', required: true, schema: { type: 'integer' } }],
            responses: { '200': { description: '成功' } },
          },
        },
      },
    };
    const source = { contentGzip: gzipSync(JSON.stringify(openapi)), fileName: 'orders.json', url: '', format: 'auto' };
    const imported = await project.import({ projectId, source, planHash: '', name: '' }, as(ALICE));
    expect(imported.changeId).not.toBe('');
    const entries = (await history()).list.filter((e) => e.changeId === imported.changeId);
    expect(entries).toHaveLength(1);
    // The import's own change id says it is one (`import-…`).
    expect(entries[0]).toMatchObject({ action: 'imported', userId: ALICE });
    expect(entries[0]!.summary).toMatch(/^导入：新建了 3 个节点/);
    const nodes = async () => (await project.getStructure({ projectId, isPublic: false }, as(ALICE))).nodes;
    const orders = (await nodes()).find((n) => n.name === '订单' && n.kind === NodeKind.NODE_KIND_FOLDER)!;
    const importedIds = [
      orders.projectStructureId,
      ...(await nodes()).filter((n) => n.parentId === orders.projectStructureId).map((n) => n.projectStructureId),
    ];
    expect(importedIds).toHaveLength(3);

    const copy = await project.copyStructure({ projectId, projectStructureId: orders.projectStructureId }, as(ALICE));
    const copied = (await history({ projectStructureId: copy.projectStructureId })).list[0]!;
    expect(copied.summary).toBe('复制得到 3 个节点（目录 订单 - 副本 等）');

    const undone = await project.revertChange({ projectId, changeId: imported.changeId }, as(ALICE));
    expect(undone.restored).toBe(1);
    const left = await nodes();
    // The imported folder and its two apis are gone; the copy made after the import stays.
    for (const gone of importedIds) expect(left.some((n) => n.projectStructureId === gone)).toBe(false);
    expect(left.filter((n) => n.parentId === copy.projectStructureId)).toHaveLength(2);
  });

  it('refuses outsiders, other teams and non-members of a members-only project; viewers read but do not restore', async () => {
    const hidden = { code: Status.PERMISSION_DENIED, message: NOT_VISIBLE };
    const readOnly = { code: Status.PERMISSION_DENIED, message: READ_ONLY };
    const { list } = await history();
    const entry = list.find((e) => e.action === 'doc-saved')!;
    const restore = { projectId, projectStructureId: entry.projectStructureId, entryId: entry.entryId };
    for (const [userId, teamId] of [
      [OUTSIDER, 0],
      [OUTSIDER, teamA],
      [TEAMMATE, teamA],
    ] as const) {
      const who = as(userId, teamId);
      const request = { projectId, projectStructureId: 0, userId: 0, from: 0, to: 0, page: 1, pageSize: 10 };
      expect(await refusal(project.listHistory(request, who))).toEqual(hidden);
      expect(await refusal(project.restoreHistoryDoc(restore, who))).toEqual(hidden);
      expect(await refusal(project.revertChange({ projectId, changeId: entry.changeId }, who))).toEqual(hidden);
    }
    expect((await history({}, VIEWER)).count).toBe(list.length);
    expect(await refusal(project.restoreHistoryDoc(restore, as(VIEWER)))).toEqual(readOnly);
    expect(await refusal(project.revertChange({ projectId, changeId: entry.changeId }, as(VIEWER)))).toEqual(readOnly);
    // Unknown entries and changes are refused with a message, never a crash.
    expect(await refusal(project.restoreHistoryDoc({ ...restore, entryId: 1 }, as(ALICE)))).toEqual({
      code: Status.INVALID_ARGUMENT,
      message: '历史记录不存在',
    });
    expect(await refusal(project.revertChange({ projectId, changeId: 'nope' }, as(ALICE)))).toEqual({
      code: Status.INVALID_ARGUMENT,
      message: '该变更不存在',
    });
  });
});
