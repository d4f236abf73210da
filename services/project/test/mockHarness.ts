import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';

/**
 * The embedded team and project services for the mock configuration tests: a team (owner, editor, viewer), an
 * outsider in another team, a project with an api, a data model, a page and an API template.
 */
export const OWNER = 7001;
export const EDITOR = 7002;
export const VIEWER = 7003;
export const TEAM_READER = 7004;
export const OUTSIDER = 7101;

export const { NodeKind, ProjectRole } = projectv1;

export async function startMockHarness(name: string) {
  const dataDir = mkdtempSync(join(tmpdir(), `pmbok-${name}-`));
  const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', DATA_DIR: dataDir };
  const options = {
    config: loadRuntimeConfig({ ...env, EVENT_STORE_SYNC: 'normal', LOG_LEVEL: 'silent' }),
    logger: createLogger('test', 'silent'),
    host: '127.0.0.1',
    port: 0,
  };
  const { startTeamService } = await import('@pmbok/team-service');
  const teamService = await startTeamService(options);
  const projectService = await startProjectService(options);
  const teamConnection = connectService(teamv1.TeamServiceDefinition, teamService.address);
  const projectConnection = connectService(projectv1.ProjectServiceDefinition, projectService.address);
  const team = teamConnection.client;
  const project = projectConnection.client;

  let teamId = 0;
  const as = (userId: number, team = teamId) => ({
    metadata: callerMetadata({ userId, teamId: team } as Partial<Caller>),
  });
  teamId = (await team.createTeam({ name: '甲队' }, as(OWNER, 0))).teamId;
  const otherTeam = (await team.createTeam({ name: '乙队' }, as(OUTSIDER, 0))).teamId;
  const { shareCode } = await team.getShareInfo({ teamId }, as(OWNER));
  for (const userId of [EDITOR, VIEWER, TEAM_READER]) await team.joinByShareCode({ shareCode }, as(userId, 0));
  const projectId = (await project.createProject({ name: '宠物商店' }, as(OWNER))).projectId;
  await project.addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
  await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));

  const add = async (kind: projectv1.NodeKind, nodeName: string, method = '', path = '') =>
    project.addStructure({ projectId, parentId: 0, kind, name: nodeName, templateId: 0, method, path }, as(EDITOR));
  const save = async (projectStructureId: number, content: unknown) => {
    const { doc } = await project.getDoc({ projectId, projectStructureId }, as(EDITOR));
    return project.saveDoc(
      { projectId, projectStructureId, baseVersion: doc!.version, contentJson: JSON.stringify(content) },
      as(EDITOR),
    );
  };

  const model = (await add(NodeKind.NODE_KIND_SCHEMA, 'Pet')).projectStructureId;
  await save(model, {
    schema: { type: 'object', required: ['id'], properties: { id: { type: 'integer' }, name: { type: 'string' } } },
  });
  const api = (await add(NodeKind.NODE_KIND_API, '查询宠物', 'GET', '/pets/{petId}')).projectStructureId;
  await save(api, {
    method: 'GET',
    path: '/pets/{petId}',
    parameters: [{ in: 'path', name: 'petId', required: true, schema: { type: 'integer' } }],
    responses: [
      {
        status: '200',
        name: '成功',
        schema: { $ref: '#/components/schemas/Pet' },
        headers: [{ name: 'X-Rate-Limit', required: false, schema: { type: 'integer' } }],
        examples: [{ name: 'dog', value: { id: 1, name: '旺财' } }],
      },
      { status: '404', name: '不存在', schema: { type: 'object' } },
    ],
  });
  await add(NodeKind.NODE_KIND_PAGE, '说明');
  const template = await project.saveApiTemplate({ projectId, projectStructureId: api, name: '模板' }, as(EDITOR));

  return {
    team,
    project,
    teamId,
    otherTeam,
    projectId,
    api,
    model,
    template: template.projectStructureId,
    as,
    add,
    save,
    async stop() {
      teamConnection.close();
      projectConnection.close();
      await projectService.stop();
      await teamService.stop();
    },
  };
}

export type MockHarness = Awaited<ReturnType<typeof startMockHarness>>;

/** The gRPC refusal of a call, or undefined when it succeeded. */
export async function refusal(call: Promise<unknown>) {
  const error = await call.then(
    () => undefined,
    (e: { details: string }) => e,
  );
  return error?.details;
}
