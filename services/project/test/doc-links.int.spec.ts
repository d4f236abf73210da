import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, taskv1, teamv1 } from '@pmbok/proto';
import { startTaskService } from '@pmbok/task-service';
import { startTeamService } from '@pmbok/team-service';
import { Status } from 'nice-grpc-common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const { NodeKind, ProjectRole, PrivateType, DocPrivateType } = projectv1;
const OWNER = 6001;
const ALICE = 6002; // editor of the knowledge project, member of the task project
const BOB = 6003; // editor of the knowledge project, not in the task project
const STRANGER = 7001;

describe('documents and the rest of the service: template copies, public reading, linked tasks (issue 15)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let task: ReturnType<typeof connectService<typeof taskv1.TaskServiceDefinition>>['client'];
  let teamId = 0;

  const as = (userId: number, team = teamId) =>
    ({ metadata: callerMetadata({ userId, teamId: team } as Partial<Caller>) }) as const;
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: { code: Status; details: string }) => e,
    );
    return error && { code: error.code, message: error.details };
  };
  const add = (projectId: number, parentId: number, kind: projectv1.NodeKind, name: string, path = '') =>
    project.addStructure({ projectId, parentId, kind, name, templateId: 0, method: '', path }, as(OWNER));
  const shape = async (projectId: number) => {
    const nodes = (await project.getStructure({ projectId, isPublic: false }, as(OWNER))).nodes;
    const nameOf = new Map(nodes.map((n) => [n.projectStructureId, n.name]));
    return nodes.map((n) => [n.name, nameOf.get(n.parentId) ?? '', n.kind, n.path]).sort();
  };

  beforeAll(async () => {
    const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', EVENT_STORE_SYNC: 'normal' };
    const options = {
      config: loadRuntimeConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-doc-links-')) }),
      logger: createLogger('test', 'silent'),
      host: '127.0.0.1',
      port: 0,
    };
    const started = [
      await startTeamService(options),
      await startTaskService(options),
      await startProjectService(options),
    ];
    services.push(...started.reverse());
    const [projectService, taskService, teamService] = started;
    const teamConnection = connectService(teamv1.TeamServiceDefinition, teamService!.address);
    const taskConnection = connectService(taskv1.TaskServiceDefinition, taskService!.address);
    const projectConnection = connectService(projectv1.ProjectServiceDefinition, projectService!.address);
    connections.push(teamConnection, taskConnection, projectConnection);
    project = projectConnection.client;
    task = taskConnection.client;
    const team = teamConnection.client;
    teamId = (await team.createTeam({ name: '丙队' }, as(OWNER, 0))).teamId;
    const { shareCode } = await team.getShareInfo({ teamId }, as(OWNER));
    for (const userId of [ALICE, BOB]) await team.joinByShareCode({ shareCode }, as(userId, 0));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('creates a project from a template with a copy of its tree and documents', async () => {
    const template = (await project.createProject({ name: '标准接口模板', isTemplate: true }, as(OWNER))).projectId;
    const folder = await add(template, 0, NodeKind.NODE_KIND_FOLDER, '账户');
    const inner = await add(template, folder.projectStructureId, NodeKind.NODE_KIND_FOLDER, '登录');
    const api = await add(template, inner.projectStructureId, NodeKind.NODE_KIND_API, '密码登录', '/login');
    await add(template, 0, NodeKind.NODE_KIND_PAGE, '说明');
    const content = JSON.parse(
      (await project.getDoc({ projectId: template, projectStructureId: api.projectStructureId }, as(OWNER))).doc!
        .contentJson,
    );
    const edited = { ...content, description: '模板里的说明', tags: ['账户'] };
    await project.saveDoc(
      {
        projectId: template,
        projectStructureId: api.projectStructureId,
        baseVersion: 1,
        contentJson: JSON.stringify(edited),
      },
      as(OWNER),
    );
    await project.saveApiTemplate(
      { projectId: template, projectStructureId: api.projectStructureId, name: '登录模板' },
      as(OWNER),
    );

    const { projectId } = await project.createProjectFromTemplate(
      { templateProjectId: template, name: '我的接口' },
      as(OWNER),
    );
    expect(await shape(projectId)).toEqual(await shape(template));
    const copy = (await project.getStructure({ projectId, isPublic: false }, as(OWNER))).nodes.find(
      (n) => n.name === '密码登录',
    )!;
    expect(copy.projectStructureId).not.toBe(api.projectStructureId);
    const copied = (await project.getDoc({ projectId, projectStructureId: copy.projectStructureId }, as(OWNER))).doc!;
    expect(JSON.parse(copied.contentJson)).toEqual(edited);
    expect((await project.listApiTemplates({ projectId }, as(OWNER))).templates.map((t) => t.name)).toEqual([
      '登录模板',
    ]);
    // Documents counted on the project: the api and the page, not the folders nor the API template.
    for (const id of [template, projectId]) {
      expect((await project.getProject({ projectId: id }, as(OWNER))).project?.docCount).toBe(2);
    }
    // The copy is its own: editing it leaves the template as it was.
    await project.saveDoc(
      {
        projectId,
        projectStructureId: copy.projectStructureId,
        baseVersion: copied.version,
        contentJson: JSON.stringify({ ...edited, path: '/signin' }),
      },
      as(OWNER),
    );
    expect((await shape(template)).some((row) => row[3] === '/signin')).toBe(false);
  });

  it('reads nothing without an account and without a share link, public documents or not (application/shares.ts)', async () => {
    const open = (
      await project.createProject(
        { name: '开放文档', docPrivateType: DocPrivateType.DOC_PRIVATE_TYPE_PUBLIC },
        as(OWNER),
      )
    ).projectId;
    const closed = (await project.createProject({ name: '内部文档' }, as(OWNER))).projectId;
    const page = await add(open, 0, NodeKind.NODE_KIND_PAGE, '快速开始');
    const hiddenPage = await add(closed, 0, NodeKind.NODE_KIND_PAGE, '内部');
    const anonymous = { metadata: callerMetadata({} as Partial<Caller>) };
    const hidden = { code: Status.PERMISSION_DENIED, message: '项目不存在或无权访问' };
    for (const [projectId, node] of [
      [open, page],
      [closed, hiddenPage],
    ] as const) {
      expect(await refusal(project.getStructure({ projectId, isPublic: true }, anonymous))).toEqual(hidden);
      const read = { projectId, projectStructureId: node.projectStructureId };
      expect(await refusal(project.getPublicDoc(read, anonymous))).toEqual(hidden);
    }
    expect(await refusal(project.getStructure({ projectId: open, isPublic: false }, anonymous))).toMatchObject({
      code: Status.UNAUTHENTICATED,
    });
  });

  it('links tasks the linker sees and shows each viewer only the tasks of their own task projects', async () => {
    const projectId = (
      await project.createProject({ name: '支付', privateType: PrivateType.PRIVATE_TYPE_MEMBERS }, as(OWNER))
    ).projectId;
    await project.addMembers({ projectId, userIds: [ALICE, BOB], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    const api = await add(projectId, 0, NodeKind.NODE_KIND_API, '支付回调', '/pay/notify');
    const { taskProjectId } = await task.createTaskProject({ name: '支付迭代', poster: 0 }, as(ALICE));
    const { taskId } = await task.createTask(
      {
        taskProjectId,
        name: '实现回调验签',
        flowId: 0,
        userId: 0,
        workHour: 0,
        urgentLevel: 0,
        startTime: 0,
        endTime: 0,
        content: '',
      },
      as(ALICE),
    );
    const link = { projectId, projectStructureId: api.projectStructureId, taskProjectId, taskId };
    // The task reaches the project service through the task service's topic.
    await vi.waitFor(() => project.linkTask(link, as(ALICE)), { timeout: 10_000 });
    await task.startTask({ taskProjectId, taskId, content: '' }, as(ALICE));

    const linked = async (userId: number) =>
      (await project.getDoc({ projectId, projectStructureId: api.projectStructureId }, as(userId))).doc!.linkedTasks;
    await vi.waitFor(async () => expect((await linked(ALICE))[0]?.status).toBe('in_progress'), { timeout: 10_000 });
    expect(await linked(ALICE)).toEqual([
      {
        taskProjectId,
        taskId,
        name: '实现回调验签',
        status: 'in_progress',
        assigneeId: ALICE,
        assigneeName: '',
        projectName: '支付迭代',
      },
    ]);
    // Bob writes the document but is not in the task project: he sees no task and cannot link it.
    expect(await linked(BOB)).toEqual([]);
    expect(await refusal(project.linkTask(link, as(BOB)))).toEqual({
      code: Status.PERMISSION_DENIED,
      message: '任务不存在或无权访问',
    });
    expect(await refusal(project.linkTask({ ...link, taskId: taskId + 1 }, as(ALICE)))).toMatchObject({
      code: Status.PERMISSION_DENIED,
    });
    expect(await refusal(project.linkTask(link, as(STRANGER, 0)))).toMatchObject({ code: Status.PERMISSION_DENIED });
    await project.unlinkTask(link, as(ALICE));
    expect(await linked(ALICE)).toEqual([]);
  });
});
