import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { Status } from 'nice-grpc-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const { NodeKind, ProjectRole, DocPrivateType } = projectv1;
const GONE = '分享链接不存在或已失效';

const OWNER = 5001;
const EDITOR = 5002;
const VIEWER = 5003;
const OUTSIDER = 5101;

describe('share links and public reading over gRPC (issue 16)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let teamA = 0;
  let projectId = 0;
  let shared = 0; // the folder a link covers
  const inside: number[] = []; // nodes under it (documents and a subfolder)
  const all: number[] = []; // every node of the project
  const docIds = new Map<number, number>(); // node → document

  const as = (userId: number, teamId = teamA) => ({ metadata: callerMetadata({ userId, teamId } as Partial<Caller>) });
  const from = (clientIp: string) => ({ metadata: callerMetadata({ clientIp } as Partial<Caller>) });
  const anonymous = from('203.0.113.9');
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: { code: Status; details: string }) => e,
    );
    return error && { code: error.code, message: error.details };
  };
  const add = async (parentId: number, kind: projectv1.NodeKind, name: string, under?: number[]) => {
    const added = await project.addStructure(
      {
        projectId,
        parentId,
        kind,
        name,
        templateId: 0,
        method: kind === NodeKind.NODE_KIND_API ? 'GET' : '',
        path: '',
      },
      as(EDITOR),
    );
    all.push(added.projectStructureId);
    under?.push(added.projectStructureId);
    if (added.projectDocId) docIds.set(added.projectStructureId, added.projectDocId);
    return added.projectStructureId;
  };
  const create = (input: Partial<Parameters<typeof project.createShare>[0]>, userId = OWNER) =>
    project.createShare(
      { projectId, name: '', nodeIds: [], versionId: 0, password: '', expiresAt: 0, ...input },
      as(userId),
    );
  const publicDoc = (token: string, projectStructureId: number, access = '') =>
    project.getShareDoc({ token, access, projectStructureId }, anonymous);

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-share-'));
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
    teamA = (await team.createTeam({ name: '甲队' }, as(OWNER, 0))).teamId;
    await team.createTeam({ name: '乙队' }, as(OUTSIDER, 0));
    const { shareCode } = await team.getShareInfo({ teamId: teamA }, as(OWNER));
    for (const userId of [EDITOR, VIEWER]) await team.joinByShareCode({ shareCode }, as(userId, 0));
    projectId = (
      await project.createProject(
        { name: '开放平台', docPrivateType: DocPrivateType.DOC_PRIVATE_TYPE_PUBLIC },
        as(OWNER),
      )
    ).projectId;
    await project.addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));

    shared = await add(0, NodeKind.NODE_KIND_FOLDER, '对外接口', []);
    await add(shared, NodeKind.NODE_KIND_API, '查询订单', inside);
    const sub = await add(shared, NodeKind.NODE_KIND_FOLDER, '退款', inside);
    await add(sub, NodeKind.NODE_KIND_PAGE, '退款说明', inside);
    const internal = await add(0, NodeKind.NODE_KIND_FOLDER, '内部接口');
    await add(internal, NodeKind.NODE_KIND_API, '对账', []);
    await add(0, NodeKind.NODE_KIND_PAGE, '发布流程');
    await add(0, NodeKind.NODE_KIND_SCHEMA, '订单');
    // An API template is a node of the tree's stream that no link may reach.
    const apiId = inside[0]!;
    const template = await project.saveApiTemplate({ projectId, projectStructureId: apiId, name: '模板' }, as(EDITOR));
    all.push(template.projectStructureId);
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('a link covering one folder answers exactly that folder’s documents for every node id of the project', async () => {
    const { share } = await create({ name: '对外', nodeIds: [shared] });
    const token = share!.token;
    expect(token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const readable: number[] = [];
    for (const nodeId of [...all, 0, -1, 999_999_999]) {
      const read = await publicDoc(token, nodeId).then(
        (reply) => JSON.parse(reply.docJson).projectStructureId as number,
        (e: { details: string }) => {
          expect(e.details).toBe(GONE);
          return 0;
        },
      );
      if (read) readable.push(read);
    }
    const documents = inside.filter((id) => docIds.has(id));
    expect(readable.sort()).toEqual(documents.sort());
    const tree = JSON.parse((await project.getShareStructure({ token, access: '' }, anonymous)).nodesJson);
    expect(tree.map((n: { name: string }) => n.name).sort()).toEqual(
      ['对外接口', '查询订单', '退款', '退款说明'].sort(),
    );
    const hits = JSON.parse((await project.searchShare({ token, access: '', keyword: '对' }, anonymous)).hitsJson);
    expect(hits.map((h: { name: string }) => h.name)).toEqual([]); // '对账' and '对外接口' are outside or folders
    const refund = JSON.parse((await project.searchShare({ token, access: '', keyword: '退款' }, anonymous)).hitsJson);
    expect(refund.map((h: { name: string }) => h.name)).toEqual(['退款说明']);
    // A reader without an account learns no people.
    const doc = JSON.parse((await publicDoc(token, inside[0]!)).docJson);
    expect(doc).toMatchObject({ createdBy: 0, updatedBy: 0, createdByName: '', linkedTasks: [] });
    expect(doc.content.ownerId).toBe(0);
  });

  it('a password link: info, wrong password, unlock, access required on every read; limits per address and link', async () => {
    const { share } = await create({ name: '合作方', password: 'secret-42' });
    const token = share!.token;
    expect(share).toMatchObject({ hasPassword: true, openCount: 0 });
    expect(await project.getShareInfo({ token }, anonymous)).toMatchObject({
      projectName: '开放平台',
      name: '合作方',
      needsPassword: true,
    });
    expect(await refusal(project.getShareStructure({ token, access: '' }, anonymous))).toMatchObject({
      message: '请输入访问密码',
    });
    expect(await refusal(project.unlockShare({ token, password: 'nope' }, anonymous))).toMatchObject({
      message: '密码错误',
    });
    const { access } = await project.unlockShare({ token, password: 'secret-42' }, anonymous);
    expect(JSON.parse((await project.getShareStructure({ token, access }, anonymous)).nodesJson)).toHaveLength(
      all.length - 1,
    );
    expect(await refusal(publicDoc(token, inside[0]!, `${access}x`))).toMatchObject({ message: '请输入访问密码' });
    await publicDoc(token, inside[0]!, access);

    // Five wrong passwords from one address stop that address, the right password too; another address goes on.
    const guesser = from('198.51.100.7');
    for (let i = 0; i < 5; i += 1)
      expect((await refusal(project.unlockShare({ token, password: `guess${i}` }, guesser)))?.message).toBe('密码错误');
    const tooMany = { code: Status.RESOURCE_EXHAUSTED, message: '尝试次数过多，请稍后再试' };
    expect(await refusal(project.unlockShare({ token, password: 'secret-42' }, guesser))).toEqual(tooMany);
    expect(await refusal(project.unlockShare({ token, password: 'secret-42' }, guesser))).toEqual(tooMany);
    expect((await project.unlockShare({ token, password: 'secret-42' }, from('198.51.100.8'))).access).not.toBe('');
    // Twenty wrong ones in all stop the link from every address (the 6 above count).
    for (let i = 0; i < 14; i += 1) {
      const address = from(`192.0.2.${i + 1}`);
      expect((await refusal(project.unlockShare({ token, password: 'wrong' }, address)))?.message).toBe('密码错误');
    }
    expect(await refusal(project.unlockShare({ token, password: 'secret-42' }, from('192.0.2.200')))).toEqual(tooMany);

    const listed = (await project.listShares({ projectId }, as(VIEWER))).shares.find((s) => s.token === token);
    expect(listed).toMatchObject({ openCount: 1, hasPassword: true });
    expect(listed!.lastOpenedAt).toBeGreaterThan(0);
  });

  it('revoked and expired links are refused; private projects refuse new links; rights to manage links', async () => {
    const { share } = await create({ name: '临时' });
    await project.revokeShare({ projectId, shareId: share!.shareId }, as(OWNER));
    const gone = { code: Status.NOT_FOUND, message: GONE };
    expect(await refusal(project.getShareInfo({ token: share!.token }, anonymous))).toEqual(gone);
    expect(await refusal(publicDoc(share!.token, inside[0]!))).toEqual(gone);
    expect(await refusal(project.getShareInfo({ token: 'not-a-token-at-all-0000' }, anonymous))).toEqual(gone);
    expect(await refusal(create({ expiresAt: Date.now() - 1000 }))).toMatchObject({ message: '过期时间必须晚于现在' });
    expect(await refusal(create({ password: 'abc' }))).toMatchObject({ message: '访问密码为 4–32 个字符' });
    expect(await refusal(create({ nodeIds: [999_999_999] }))).toMatchObject({ message: '要分享的节点不存在' });

    const manage = { code: Status.PERMISSION_DENIED, message: '只有项目所有者和管理员可以管理项目' };
    expect(await refusal(create({}, EDITOR))).toEqual(manage);
    expect(await refusal(create({}, VIEWER))).toEqual(manage);
    const hidden = { code: Status.PERMISSION_DENIED, message: '项目不存在或无权访问' };
    expect(await refusal(create({}, OUTSIDER))).toEqual(hidden);
    expect(await refusal(project.listShares({ projectId }, as(OUTSIDER)))).toEqual(hidden);
    const { share: other } = await create({});
    expect(await refusal(project.revokeShare({ projectId, shareId: other!.shareId }, as(VIEWER)))).toEqual(manage);

    // Documents made private: live links stop and new ones are refused.
    await project.updateProject({ projectId, docPrivateType: DocPrivateType.DOC_PRIVATE_TYPE_PRIVATE }, as(OWNER));
    expect(await refusal(project.getShareInfo({ token: other!.token }, anonymous))).toEqual(gone);
    expect(await refusal(create({}))).toMatchObject({ message: '该项目的文档不允许公开分享' });
    await project.updateProject({ projectId, docPrivateType: DocPrivateType.DOC_PRIVATE_TYPE_PUBLIC }, as(OWNER));
  });

  it('a link fixed to a version shows the documents as they were, and stops when the version is deleted', async () => {
    const pageId = inside[2]!;
    const pageOf = async (token: string) => JSON.parse((await publicDoc(token, pageId)).docJson);
    const { doc: before } = await project.getDoc({ projectId, projectStructureId: pageId }, as(EDITOR));
    const old = { markdown: '# 退款\n\n七天内可退。' };
    await project.saveDoc(
      { projectId, projectStructureId: pageId, baseVersion: before!.version, contentJson: JSON.stringify(old) },
      as(EDITOR),
    );
    const { versionId } = await project.saveProjectVersion({ projectId, name: 'v1.0', notes: '' }, as(EDITOR));
    const { doc: saved } = await project.getDoc({ projectId, projectStructureId: pageId }, as(EDITOR));
    const now = { markdown: '# 退款\n\n十五天内可退。' };
    await project.saveDoc(
      { projectId, projectStructureId: pageId, baseVersion: saved!.version, contentJson: JSON.stringify(now) },
      as(EDITOR),
    );
    const later = await add(shared, NodeKind.NODE_KIND_PAGE, '新增说明');

    const { share } = await create({ name: '发布版', nodeIds: [shared], versionId });
    expect(share).toMatchObject({ versionId, versionName: 'v1.0' });
    const token = share!.token;
    expect(await project.getShareInfo({ token }, anonymous)).toMatchObject({ versionName: 'v1.0' });
    expect((await pageOf(token)).content).toEqual(old);
    const live = (await create({ nodeIds: [shared] })).share!.token;
    expect((await pageOf(live)).content).toEqual(now);
    // The version's tree: a page added since is not in it, nor readable through the link.
    const names = JSON.parse((await project.getShareStructure({ token, access: '' }, anonymous)).nodesJson).map(
      (n: { name: string }) => n.name,
    );
    expect(names).not.toContain('新增说明');
    expect(await refusal(publicDoc(token, later))).toMatchObject({ message: GONE });
    const hits = (keyword: string) =>
      project.searchShare({ token, access: '', keyword }, anonymous).then((r) => JSON.parse(r.hitsJson));
    expect((await hits('七天')).map((h: { name: string }) => h.name)).toEqual(['退款说明']);
    expect(await hits('十五天')).toEqual([]);

    expect(await refusal(create({ versionId: 999_999_999 }))).toMatchObject({ message: '版本不存在或已被删除' });
    await project.deleteProjectVersion({ projectId, versionId }, as(OWNER));
    expect(await refusal(project.getShareInfo({ token }, anonymous))).toMatchObject({ message: GONE });
  });

  it('counts document reads per document into the creator centre', async () => {
    const { share } = await create({ nodeIds: [inside[0]!] });
    await publicDoc(share!.token, inside[0]!);
    await publicDoc(share!.token, inside[0]!);
    const mine = await project.listMyDocs({ page: 1, pageSize: 100 }, as(EDITOR));
    const doc = mine.docs.find((d) => d.projectStructureId === inside[0]);
    // Two reads here, two in the first test and one in the second.
    expect(doc?.viewCount).toBe(5);
    // One read in the first test, one through the version link and one through the live link.
    const page = mine.docs.find((d) => d.projectStructureId === inside[2]);
    expect(page?.viewCount).toBe(3);
    const unread = mine.docs.find((d) => d.name === '发布流程');
    expect(unread?.viewCount).toBe(0);
  });
});
