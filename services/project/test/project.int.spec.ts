import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { Status } from 'nice-grpc-common';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const { ProjectRole, PrivateType } = projectv1;
const NOT_VISIBLE = '项目不存在或无权访问';

// Users by role in team A's project; OUTSIDER belongs to team B only.
const OWNER = 1001;
const EDITOR = 1002;
const VIEWER = 1003;
const TEAMMATE = 1004;
const OUTSIDER = 2001;

describe('the project service over gRPC: access by role and team (issue 15)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let team: ReturnType<typeof connectService<typeof teamv1.TeamServiceDefinition>>['client'];
  let teamA = 0;
  let teamB = 0;
  let projectId = 0;

  const as = (userId: number, teamId = teamA) => ({ metadata: callerMetadata({ userId, teamId } as Partial<Caller>) });
  /** The refusal of a call, as status and message. */
  const refusal = async (call: Promise<unknown>) => {
    const error = await call.then(
      () => undefined,
      (e: { code: Status; details: string }) => e,
    );
    return error && { code: error.code, message: error.details };
  };
  const hidden = { code: Status.PERMISSION_DENIED, message: NOT_VISIBLE };

  beforeAll(async () => {
    const env = {
      ...process.env,
      MONGO_URL: '',
      KAFKA_BROKERS: '',
      NATS_URL: '',
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-project-')),
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
    team = teamConnection.client;
    project = projectConnection.client;

    teamA = (await team.createTeam({ name: '甲队' }, as(OWNER, 0))).teamId;
    teamB = (await team.createTeam({ name: '乙队' }, as(OUTSIDER, 0))).teamId;
    const { shareCode } = await team.getShareInfo({ teamId: teamA }, as(OWNER));
    for (const userId of [EDITOR, VIEWER, TEAMMATE]) await team.joinByShareCode({ shareCode }, as(userId, 0));

    projectId = (
      await project.createProject(
        { name: '支付接口', description: '对外 API', privateType: PrivateType.PRIVATE_TYPE_MEMBERS },
        as(OWNER),
      )
    ).projectId;
    await project.addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it('tells an outsider nothing, whatever team they claim, the same as for a project that does not exist', async () => {
    expect(await refusal(project.getProject({ projectId }, as(OUTSIDER, teamB)))).toEqual(hidden);
    expect(await refusal(project.getProject({ projectId }, as(OUTSIDER, teamA)))).toEqual(hidden);
    expect(await refusal(project.listMembers({ projectId }, as(OUTSIDER, teamB)))).toEqual(hidden);
    expect(await refusal(project.getScripts({ projectId }, as(OUTSIDER, teamB)))).toEqual(hidden);
    expect(await refusal(project.starProject({ projectId }, as(OUTSIDER, teamB)))).toEqual(hidden);
    expect(await refusal(project.getProject({ projectId: projectId + 1 }, as(OWNER)))).toEqual(hidden);
    expect(await refusal(project.getProject({ projectId: -5 }, as(OWNER)))).toEqual(hidden);
    expect((await project.listProjects({ keyword: '' }, as(OUTSIDER, teamB))).projects).toEqual([]);
  });

  it('keeps a members-only project from a teammate who is not a member', async () => {
    expect(await refusal(project.getProject({ projectId }, as(TEAMMATE)))).toEqual(hidden);
    expect((await project.listProjects({ keyword: '' }, as(TEAMMATE))).projects).toEqual([]);
  });

  it('lets a viewer read everything and change nothing', async () => {
    const detail = (await project.getProject({ projectId }, as(VIEWER))).project;
    expect(detail).toMatchObject({ name: '支付接口', myRole: ProjectRole.PROJECT_ROLE_VIEWER, memberCount: 3 });
    expect(await project.getMyMembership({ projectId }, as(VIEWER))).toMatchObject({
      canWrite: false,
      canManage: false,
    });
    const notManager = { code: Status.PERMISSION_DENIED, message: '只有项目所有者和管理员可以管理项目' };
    expect(await refusal(project.updateProject({ projectId, name: '改名' }, as(VIEWER)))).toEqual(notManager);
    expect(await refusal(project.addEnvironment({ projectId, name: 'dev', baseUrl: '' }, as(VIEWER)))).toEqual(
      notManager,
    );
    expect(await refusal(project.deleteProject({ projectId }, as(VIEWER)))).toEqual(notManager);
  });

  it('lets an editor read and write documents but not manage settings or members', async () => {
    expect(await project.getMyMembership({ projectId }, as(EDITOR))).toMatchObject({
      role: ProjectRole.PROJECT_ROLE_EDITOR,
      canWrite: true,
      canManage: false,
    });
    const notManager = { code: Status.PERMISSION_DENIED, message: '只有项目所有者和管理员可以管理项目' };
    expect(await refusal(project.updateProject({ projectId, name: '改名' }, as(EDITOR)))).toEqual(notManager);
    expect(await refusal(project.saveScript({ projectId, kind: 1, content: 'let a;' }, as(EDITOR)))).toEqual(
      notManager,
    );
    expect(await refusal(project.addMembers({ projectId, userIds: [TEAMMATE], role: 0 }, as(EDITOR)))).toEqual(
      notManager,
    );
  });

  it('stores settings the owner writes and members read; refuses a script that is not JavaScript', async () => {
    const { projectConfigId } = await project.addEnvironment(
      {
        projectId,
        name: '测试环境',
        baseUrl: 'https://test.example.com',
        headers: [{ name: 'X-App', value: '1', description: '' }],
      },
      as(OWNER),
    );
    await project.addResponseCode({ projectId, code: '1001', meaning: '参数错误', solution: '检查参数' }, as(OWNER));
    await project.saveScript(
      { projectId, kind: projectv1.ScriptKind.SCRIPT_KIND_BEFORE, content: 'const t = 1;' },
      as(OWNER),
    );
    expect(
      await refusal(
        project.saveScript({ projectId, kind: projectv1.ScriptKind.SCRIPT_KIND_AFTER, content: 'if (' }, as(OWNER)),
      ),
    ).toMatchObject({ code: Status.INVALID_ARGUMENT });

    const settings = await project.getProjectSettings({ projectId }, as(VIEWER));
    expect(settings.environments).toEqual([
      expect.objectContaining({
        projectConfigId,
        name: '测试环境',
        headers: [{ name: 'X-App', value: '1', description: '', secret: false }],
      }),
    ]);
    expect(settings.responseCodes).toEqual([expect.objectContaining({ code: '1001', meaning: '参数错误' })]);
    expect(settings.members.map((m) => m.userId)).toEqual([OWNER, EDITOR, VIEWER]);
    expect(await project.getScripts({ projectId }, as(EDITOR))).toEqual({
      beforeScript: 'const t = 1;',
      afterScript: '',
    });
  });

  it('shows a team-visible project to every teammate, read only, and forgets a member who left the team', async () => {
    await project.updateProject({ projectId, privateType: PrivateType.PRIVATE_TYPE_TEAM }, as(OWNER));
    const seen = (await project.getProject({ projectId }, as(TEAMMATE))).project;
    expect(seen).toMatchObject({
      myRole: ProjectRole.PROJECT_ROLE_UNSPECIFIED,
      privateType: PrivateType.PRIVATE_TYPE_TEAM,
    });
    // Only the team: someone else claiming to be in it still learns nothing.
    expect(await refusal(project.getProject({ projectId }, as(OUTSIDER, teamA)))).toEqual(hidden);
    await project.starProject({ projectId }, as(TEAMMATE));
    expect((await project.listProjects({ keyword: '支付' }, as(TEAMMATE))).projects).toEqual([
      expect.objectContaining({ projectId, isStar: true, updateTimeLabel: '刚刚' }),
    ]);
    expect(await refusal(project.updateProject({ projectId, name: '改名' }, as(TEAMMATE)))).toMatchObject({
      code: Status.PERMISSION_DENIED,
    });

    await team.leaveTeam({ teamId: teamA }, as(EDITOR));
    await vi.waitFor(async () => expect(await refusal(project.getProject({ projectId }, as(EDITOR)))).toEqual(hidden));
    await vi.waitFor(async () => {
      const { members } = await project.listMembers({ projectId }, as(OWNER));
      expect(members.map((m) => m.userId)).toEqual([OWNER, VIEWER]);
    });
  });

  it('copies a template with its settings, on request and into a new team that chose it', async () => {
    const template = (
      await project.createProject(
        { name: '接口模板', isTemplate: true, privateType: PrivateType.PRIVATE_TYPE_MEMBERS },
        as(OWNER),
      )
    ).projectId;
    await project.addResponseCode({ projectId: template, code: '0', meaning: '成功', solution: '' }, as(OWNER));
    // Every teammate sees the team's templates, members or not, and may start a project from one.
    expect((await project.listTemplates({}, as(VIEWER))).projects.map((p) => p.projectId)).toEqual([template]);
    const copy = (await project.createProjectFromTemplate({ templateProjectId: template, name: '' }, as(VIEWER)))
      .projectId;
    expect((await project.getProject({ projectId: copy }, as(VIEWER))).project).toMatchObject({
      name: '接口模板',
      isTemplate: false,
      sourceProjectId: template,
      myRole: ProjectRole.PROJECT_ROLE_OWNER,
    });
    expect((await project.listResponseCodes({ projectId: copy }, as(VIEWER))).responseCodes).toEqual([
      expect.objectContaining({ code: '0', meaning: '成功' }),
    ]);
    expect(
      await refusal(project.createProjectFromTemplate({ templateProjectId: template, name: '' }, as(OUTSIDER, teamB))),
    ).toEqual(hidden);

    const teamC = (await team.createTeam({ name: '丙队', sourceProjectIds: [template] }, as(OWNER, 0))).teamId;
    await vi.waitFor(async () => {
      const { projects } = await project.listTemplates({}, as(OWNER, teamC));
      expect(projects).toEqual([
        expect.objectContaining({ name: '接口模板', isTemplate: true, sourceProjectId: template }),
      ]);
    });
  });
});
