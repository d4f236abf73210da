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

const { NodeKind, ProjectRole, PrivateType, VersionUpdateType } = projectv1;

const OWNER = 6001;
const EDITOR = 6002;
const VIEWER = 6003;
const TEAMMATE = 6004; // in the team, not in the members-only project
const OUTSIDER = 6101; // another team

interface DocDiff {
  projectStructureId: number;
  name: string;
  change: string;
  breaking: boolean;
  folderPath: string[];
  method: string;
  path: string;
  fields: { path: string; before: unknown; after: unknown }[];
}
interface VersionDiff {
  summary: { added: number; removed: number; changed: number; breaking: number };
  docs: DocDiff[];
}

describe('versions of a knowledge project over gRPC (issue 16)', () => {
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
  const hidden = { code: Status.PERMISSION_DENIED, message: '项目不存在或无权访问' };
  const add = (parentId: number, kind: projectv1.NodeKind, name: string, method = '', path = '', id = projectId) =>
    project.addStructure({ projectId: id, parentId, kind, name, templateId: 0, method, path }, as(EDITOR));
  const docOf = async (projectStructureId: number, id = projectId) =>
    (await project.getDoc({ projectId: id, projectStructureId }, as(EDITOR))).doc!;
  const contentOf = async (projectStructureId: number, id = projectId) =>
    JSON.parse((await docOf(projectStructureId, id)).contentJson);
  const edit = async (projectStructureId: number, change: Record<string, unknown>, id = projectId) => {
    const doc = await docOf(projectStructureId, id);
    const content = { ...JSON.parse(doc.contentJson), ...change };
    const saved = await project.saveDoc(
      { projectId: id, projectStructureId, baseVersion: doc.version, contentJson: JSON.stringify(content) },
      as(EDITOR),
    );
    expect(saved.conflict).toBeUndefined();
  };
  const tree = async (id = projectId) =>
    (await project.getStructure({ projectId: id, isPublic: false }, as(EDITOR))).nodes;
  const saveVersion = (name: string, userId = EDITOR, id = projectId) =>
    project.saveProjectVersion({ projectId: id, name, notes: '' }, as(userId));
  const compare = async (fromVersionId: number, toVersionId = 0, userId = EDITOR): Promise<VersionDiff> =>
    JSON.parse((await project.compareVersions({ projectId, fromVersionId, toVersionId }, as(userId))).diffJson);
  const versionTree = async (versionId: number, userId = EDITOR) =>
    (JSON.parse((await project.getVersionStructure({ projectId, versionId }, as(userId))).nodesJson) as unknown[]).map(
      (node) => projectv1.StructureNode.fromJSON(node),
    );
  /** What a tree is to a reader: each node's place, kind and name (ids kept: a restore brings nodes back as they were). */
  const shape = (nodes: projectv1.StructureNode[]) =>
    nodes
      .map((n) => ({ id: n.projectStructureId, parentId: n.parentId, kind: n.kind, name: n.name, method: n.method }))
      .sort((a, b) => a.id - b.id);

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'pmbok-versions-'));
    const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', DATA_DIR: dataDir };
    const options = {
      config: loadRuntimeConfig({ ...env, EVENT_STORE_SYNC: 'normal', LOG_LEVEL: 'silent' }),
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
    teamA = (await team.createTeam({ name: '版本队' }, as(OWNER, 0))).teamId;
    teamB = (await team.createTeam({ name: '别队' }, as(OUTSIDER, 0))).teamId;
    const { shareCode } = await team.getShareInfo({ teamId: teamA }, as(OWNER));
    for (const userId of [EDITOR, VIEWER, TEAMMATE]) await team.joinByShareCode({ shareCode }, as(userId, 0));
    projectId = (
      await project.createProject({ name: '订单接口', privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER))
    ).projectId;
    await project.addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('keeps a version as it was, compares it with now and with a later version, and restores it whole', async () => {
    const orders = await add(0, NodeKind.NODE_KIND_FOLDER, '订单');
    const get = await add(orders.projectStructureId, NodeKind.NODE_KIND_API, '查询订单', 'GET', '/orders/{id}');
    const del = await add(orders.projectStructureId, NodeKind.NODE_KIND_API, '删除订单', 'DELETE', '/orders/{id}');
    const guide = await add(0, NodeKind.NODE_KIND_PAGE, '接入指南');
    const archive = await add(0, NodeKind.NODE_KIND_FOLDER, '归档');
    await edit(guide.projectStructureId, { markdown: '# 第一版' });
    const before = await tree();
    const getThen = await contentOf(get.projectStructureId);
    const v1 = await saveVersion('v1.0');
    expect(v1.versionId).toBeGreaterThan(0);

    // After the version: a save, a rename, a move, a removal (with its document) and an addition.
    await edit(get.projectStructureId, { description: '按编号查询', status: 'released' });
    await edit(guide.projectStructureId, { markdown: '# 第二版' });
    await project.renameStructure(
      { projectId, projectStructureId: guide.projectStructureId, name: '接入说明' },
      as(EDITOR),
    );
    await project.moveStructure(
      {
        projectId,
        moves: [{ projectStructureId: get.projectStructureId, parentId: archive.projectStructureId, sort: 0 }],
      },
      as(EDITOR),
    );
    await project.deleteStructure({ projectId, projectStructureId: del.projectStructureId }, as(EDITOR));
    const pay = await add(0, NodeKind.NODE_KIND_API, '支付', 'POST', '/pay');

    // The version still holds what it held: its tree, its documents (with their version then).
    expect(shape(await versionTree(v1.versionId, VIEWER))).toEqual(shape(before));
    const thenDoc = (
      await project.getVersionDoc(
        { projectId, versionId: v1.versionId, projectStructureId: guide.projectStructureId },
        as(VIEWER),
      )
    ).docJson;
    const guideThen = projectv1.DocDetail.fromJSON(JSON.parse(thenDoc));
    expect(guideThen).toMatchObject({ name: '接入指南', version: 2, kind: NodeKind.NODE_KIND_PAGE });
    expect(JSON.parse(guideThen.contentJson)).toEqual({ markdown: '# 第一版' });
    expect(
      await refusal(
        project.getVersionDoc(
          { projectId, versionId: v1.versionId, projectStructureId: pay.projectStructureId },
          as(EDITOR),
        ),
      ),
    ).toEqual({ code: Status.NOT_FOUND, message: '文档不存在或已被删除' });

    const diff = await compare(v1.versionId);
    const byName = new Map(diff.docs.map((d) => [d.name, d]));
    expect(diff.summary).toEqual({ added: 1, removed: 1, changed: 2, breaking: 1 });
    expect(byName.get('支付')).toMatchObject({ change: 'added', method: 'POST', path: '/pay', folderPath: [] });
    expect(byName.get('删除订单')).toMatchObject({ change: 'removed', breaking: true, folderPath: ['订单'] });
    const getDiff = byName.get('查询订单')!;
    expect(getDiff).toMatchObject({ change: 'changed', folderPath: ['归档'] });
    expect(getDiff.fields.find((f) => f.path === 'folder')).toMatchObject({ before: ['订单'], after: ['归档'] });
    expect(getDiff.fields.some((f) => f.path.startsWith('description'))).toBe(true);
    const guideDiff = byName.get('接入说明')!;
    expect(guideDiff.fields.find((f) => f.path === 'name')).toMatchObject({ before: '接入指南', after: '接入说明' });
    expect(guideDiff.fields.some((f) => f.path.startsWith('markdown'))).toBe(true);

    // Version to version: the same differences, and nothing between a version and itself.
    const v2 = await saveVersion('v2.0');
    expect((await compare(v1.versionId, v2.versionId)).summary).toEqual(diff.summary);
    expect(await compare(v2.versionId)).toEqual({
      summary: { added: 0, removed: 0, changed: 0, breaking: 0 },
      docs: [],
    });
    const backwards = await compare(v2.versionId, v1.versionId);
    expect(backwards.summary).toMatchObject({ added: 1, removed: 1, changed: 2 });
    expect(backwards.docs.find((d) => d.name === '支付')?.change).toBe('removed');

    // The whole version back, as one change: the tree as it was (the removed api again, under its folder), the
    // contents as they were, the api added since gone.
    const requestId = 'restore-test-1';
    const changeId = `restore-${requestId}`;
    const restored = await project.restoreVersion(
      { projectId, versionId: v1.versionId, projectStructureId: 0 },
      as(EDITOR, teamA, requestId),
    );
    expect(restored.changeId).toBe(changeId);
    expect(restored.restored).toBeGreaterThan(0);
    const after = await tree();
    expect(shape(after)).toEqual(shape(before));
    expect(await contentOf(get.projectStructureId)).toEqual(getThen);
    expect(await contentOf(guide.projectStructureId)).toEqual({ markdown: '# 第一版' });
    const back = after.find((n) => n.projectStructureId === del.projectStructureId)!;
    expect(back.projectDocId).not.toBe(del.projectDocId);
    expect(await contentOf(del.projectStructureId)).toMatchObject({ method: 'DELETE', path: '/orders/{id}' });
    expect(await compare(v1.versionId)).toMatchObject({ summary: { added: 0, removed: 0, changed: 0 } });
    // The restore wrote new events (nothing rewritten), every one of them under the restore's change id.
    const log = openSqliteEventStore({ file: join(dataDir, 'project.db'), sync: 'normal' });
    try {
      const events = await log.readAll(0, 100_000);
      const restoreEvents = events.filter((e) => e.metadata.correlationId === changeId);
      expect(new Set(restoreEvents.map((e) => e.type))).toEqual(
        new Set([
          'StructureNodesCopied',
          'DocCreated',
          'StructureNodesMoved',
          'StructureNodeRenamed',
          'StructureNodesRemoved',
          'DocDeleted',
          'DocSaved',
        ]),
      );
    } finally {
      await log.close();
    }
    // The later version still holds the later state.
    expect((await compare(v1.versionId, v2.versionId)).summary).toEqual(diff.summary);
  });

  it('restores one document: its content and name, or the node itself with its folders when it is gone', async () => {
    const folder = await add(0, NodeKind.NODE_KIND_FOLDER, '用户');
    const user = await add(folder.projectStructureId, NodeKind.NODE_KIND_API, '用户详情', 'GET', '/users/{id}');
    const other = await add(0, NodeKind.NODE_KIND_PAGE, '其他');
    const version = await saveVersion('单文档');
    await edit(user.projectStructureId, { path: '/members/{id}' });
    await edit(other.projectStructureId, { markdown: '改过' });
    await project.renameStructure(
      { projectId, projectStructureId: user.projectStructureId, name: '成员详情' },
      as(EDITOR),
    );

    await project.restoreVersion(
      { projectId, versionId: version.versionId, projectStructureId: user.projectStructureId },
      as(EDITOR),
    );
    expect(await contentOf(user.projectStructureId)).toMatchObject({ path: '/users/{id}' });
    expect((await tree()).find((n) => n.projectStructureId === user.projectStructureId)?.name).toBe('用户详情');
    // Only that document: the other keeps its change.
    expect(await contentOf(other.projectStructureId)).toEqual({ markdown: '改过' });

    await project.deleteStructure({ projectId, projectStructureId: folder.projectStructureId }, as(EDITOR));
    await project.restoreVersion(
      { projectId, versionId: version.versionId, projectStructureId: user.projectStructureId },
      as(EDITOR),
    );
    const nodes = await tree();
    expect(nodes.find((n) => n.projectStructureId === folder.projectStructureId)).toMatchObject({
      name: '用户',
      parentId: 0,
    });
    expect(nodes.find((n) => n.projectStructureId === user.projectStructureId)).toMatchObject({
      parentId: folder.projectStructureId,
      path: '/users/{id}',
    });
  });

  it('lists newest first with who saved it, checks names, and deletes (managers only)', async () => {
    const id = (await project.createProject({ name: '清单', privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER)))
      .projectId;
    await project.addMembers({ projectId: id, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await add(0, NodeKind.NODE_KIND_PAGE, '说明', '', '', id);
    const first = await saveVersion('第一版', EDITOR, id);
    await project.saveProjectVersion({ projectId: id, name: '  第二版 ', notes: '上线前' }, as(OWNER));
    const page = await project.listProjectVersions({ projectId: id, page: 1, pageSize: 1 }, as(EDITOR));
    expect(page).toMatchObject({ count: 2, pages: 2 });
    expect(page.versions[0]).toMatchObject({
      name: '第二版',
      notes: '上线前',
      auto: false,
      docCount: 1,
      createdBy: OWNER,
    });
    const second = await project.listProjectVersions({ projectId: id, page: 2, pageSize: 1 }, as(EDITOR));
    expect(second.versions.map((v) => v.versionId)).toEqual([first.versionId]);

    const bad = async (name: string, notes = '') =>
      refusal(project.saveProjectVersion({ projectId: id, name, notes }, as(EDITOR)));
    expect(await bad('  ')).toEqual({ code: Status.INVALID_ARGUMENT, message: '请填写版本名称' });
    expect(await bad('名'.repeat(51))).toEqual({ code: Status.INVALID_ARGUMENT, message: '版本名称不能超过 50 个字' });
    expect(await bad('v', '字'.repeat(501))).toEqual({
      code: Status.INVALID_ARGUMENT,
      message: '版本说明不能超过 500 个字',
    });

    expect(
      await refusal(project.deleteProjectVersion({ projectId: id, versionId: first.versionId }, as(EDITOR))),
    ).toEqual({
      code: Status.PERMISSION_DENIED,
      message: '只有项目所有者和管理员可以管理项目',
    });
    await project.deleteProjectVersion({ projectId: id, versionId: first.versionId }, as(OWNER));
    expect((await project.listProjectVersions({ projectId: id, page: 1, pageSize: 20 }, as(EDITOR))).count).toBe(1);
    const gone = { code: Status.NOT_FOUND, message: '版本不存在或已删除' };
    expect(
      await refusal(project.getVersionStructure({ projectId: id, versionId: first.versionId }, as(EDITOR))),
    ).toEqual(gone);
    expect(
      await refusal(project.deleteProjectVersion({ projectId: id, versionId: first.versionId }, as(OWNER))),
    ).toEqual(gone);
    // A version of another project is not found through this one.
    const elsewhere = await saveVersion('别处');
    expect(
      await refusal(project.getVersionStructure({ projectId: id, versionId: elsewhere.versionId }, as(EDITOR))),
    ).toEqual(gone);
  });

  it('records a version with each save when versionUpdateType is auto', async () => {
    const id = (
      await project.createProject(
        {
          name: '自动',
          privateType: PrivateType.PRIVATE_TYPE_MEMBERS,
          versionUpdateType: VersionUpdateType.VERSION_UPDATE_TYPE_AUTO,
        },
        as(OWNER),
      )
    ).projectId;
    await project.addMembers({ projectId: id, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    const page = await add(0, NodeKind.NODE_KIND_PAGE, '变更日志', '', '', id);
    await edit(page.projectStructureId, { markdown: '一' }, id);
    await edit(page.projectStructureId, { markdown: '二' }, id);
    const list = async () =>
      (await project.listProjectVersions({ projectId: id, page: 1, pageSize: 20 }, as(EDITOR))).versions;
    // The versions come from a reaction to the saves: they appear shortly after, without a request of their own.
    await vi.waitFor(async () => expect(await list()).toHaveLength(2), { timeout: 10_000, interval: 50 });
    const [newest, oldest] = await list();
    expect(newest).toMatchObject({ name: '变更日志', auto: true, createdBy: EDITOR, docCount: 1 });
    // Each auto version is the point of its own save.
    const diff: VersionDiff = JSON.parse(
      (
        await project.compareVersions(
          { projectId: id, fromVersionId: oldest!.versionId, toVersionId: newest!.versionId },
          as(EDITOR),
        )
      ).diffJson,
    );
    expect(diff.docs.map((d) => [d.name, d.change])).toEqual([['变更日志', 'changed']]);
    // A manual project records none on save.
    const before = (await project.listProjectVersions({ projectId, page: 1, pageSize: 100 }, as(EDITOR))).count;
    const page2 = await add(0, NodeKind.NODE_KIND_PAGE, '手动', '', '');
    await edit(page2.projectStructureId, { markdown: '改' });
    await saveVersion('标记');
    expect((await project.listProjectVersions({ projectId, page: 1, pageSize: 100 }, as(EDITOR))).count).toBe(
      before + 1,
    );
  });

  it('answers each call only to whom it may: outsiders and other teams see nothing, viewers only read', async () => {
    const version = await saveVersion('权限');
    const v = version.versionId;
    const reads = (userId: number, teamId = teamA) => [
      project.listProjectVersions({ projectId, page: 1, pageSize: 20 }, as(userId, teamId)),
      project.compareVersions({ projectId, fromVersionId: v, toVersionId: 0 }, as(userId, teamId)),
      project.getVersionStructure({ projectId, versionId: v }, as(userId, teamId)),
    ];
    const writes = (userId: number, teamId = teamA) => [
      project.saveProjectVersion({ projectId, name: '不该有', notes: '' }, as(userId, teamId)),
      project.restoreVersion({ projectId, versionId: v, projectStructureId: 0 }, as(userId, teamId)),
      project.deleteProjectVersion({ projectId, versionId: v }, as(userId, teamId)),
    ];
    for (const [userId, teamId] of [
      [OUTSIDER, teamB],
      [OUTSIDER, teamA],
      [TEAMMATE, teamA],
    ] as const) {
      for (const call of [...reads(userId, teamId), ...writes(userId, teamId)])
        expect(await refusal(call)).toEqual(hidden);
    }
    for (const call of reads(VIEWER)) expect(await refusal(call)).toBeUndefined();
    const [save, restore, remove] = writes(VIEWER);
    const readOnly = { code: Status.PERMISSION_DENIED, message: '你只能查看该项目，不能修改' };
    expect(await refusal(save!)).toEqual(readOnly);
    expect(await refusal(restore!)).toEqual(readOnly);
    expect(await refusal(remove!)).toEqual({
      code: Status.PERMISSION_DENIED,
      message: '只有项目所有者和管理员可以管理项目',
    });
    expect(
      (await project.listProjectVersions({ projectId, page: 1, pageSize: 100 }, as(EDITOR))).versions.some(
        (x) => x.name === '不该有',
      ),
    ).toBe(false);
  });
});
