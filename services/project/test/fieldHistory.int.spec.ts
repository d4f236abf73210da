import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldDiff } from '../src/domain/diff/index.js';

const OWNER = 7201;
const EDITOR = 7202;

type Entry = { entryId: number; changeId: string; action: string; name: string; summary: string; fields: FieldDiff[] };

describe('field library edits in the project history (issue 17)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let teamId = 0;
  let projectId = 0;

  // Each call its own correlation id, as the gateway gives one per request: one change each.
  const as = (userId: number, team = teamId) => ({
    metadata: callerMetadata({ userId, teamId: team, correlationId: randomUUID() } as Partial<Caller>),
  });
  const save = (field: Record<string, unknown>, o: { id?: number; scope?: string } = {}) =>
    project.saveDataField(
      {
        projectId: o.scope === 'team' ? 0 : projectId,
        scope: o.scope ?? 'project',
        dataFieldId: o.id ?? 0,
        fieldJson: JSON.stringify(field),
      },
      as(o.scope === 'team' ? OWNER : EDITOR),
    );
  const history = async () => {
    const request = { projectId, projectStructureId: 0, userId: 0, from: 0, to: 0, page: 1, pageSize: 100 };
    const { pageJson } = await project.listHistory(request, as(EDITOR));
    return (JSON.parse(pageJson) as { list: Entry[] }).list.filter((entry) => entry.action.startsWith('field-'));
  };

  beforeAll(async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'pmbok-field-history-'));
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
    project = projectConnection.client;
    teamId = (await teamConnection.client.createTeam({ name: '字段历史队' }, as(OWNER, 0))).teamId;
    const { shareCode } = await teamConnection.client.getShareInfo({ teamId }, as(OWNER));
    await teamConnection.client.joinByShareCode({ shareCode }, as(EDITOR, 0));
    projectId = (await project.createProject({ name: '字段历史' }, as(OWNER))).projectId;
    const role = projectv1.ProjectRole.PROJECT_ROLE_EDITOR;
    await project.addMembers({ projectId, userIds: [EDITOR], role }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  it("records a project field's creation, edits and deletion with each value before and after", async () => {
    const { dataFieldId } = await save({ name: 'orderStatus', type: 'string', description: '状态' });
    const [created] = await history();
    expect(created).toMatchObject({
      action: 'field-saved',
      name: 'orderStatus',
      summary: '新增了项目字段 orderStatus',
    });
    expect(created?.fields).toEqual([
      expect.objectContaining({ path: `dataFields.${dataFieldId}`, change: 'added', after: 'orderStatus' }),
    ]);

    await save(
      { name: 'orderStatus', type: 'string', description: '订单状态', enum: ['paid', 'refunded'] },
      { id: dataFieldId },
    );
    const [updated] = await history();
    expect(updated).toMatchObject({ action: 'field-saved', summary: '修改了项目字段 orderStatus 的 说明、枚举值' });
    expect(updated?.fields).toEqual([
      expect.objectContaining({
        path: `dataFields.${dataFieldId}.description`,
        change: 'changed',
        before: '状态',
        after: '订单状态',
        message: '字段 orderStatus 的说明由 状态 改为 订单状态',
      }),
      expect.objectContaining({
        path: `dataFields.${dataFieldId}.enum`,
        before: [],
        after: ['paid', 'refunded'],
        message: '字段 orderStatus 的枚举值由 空 改为 paid、refunded',
      }),
    ]);

    await project.deleteDataFields({ projectId, scope: 'project', dataFieldIds: [dataFieldId] }, as(EDITOR));
    const list = await history();
    expect(list.map((entry) => [entry.action, entry.summary])).toEqual([
      ['field-deleted', '删除了项目字段 orderStatus'],
      ['field-saved', '修改了项目字段 orderStatus 的 说明、枚举值'],
      ['field-saved', '新增了项目字段 orderStatus'],
    ]);
    // One change per call: a revert names each.
    expect(new Set(list.map((entry) => entry.changeId)).size).toBe(3);
  });

  it("leaves the team library's edits out of a project's history", async () => {
    const before = (await history()).length;
    await save({ name: 'traceId', type: 'string' }, { scope: 'team' });
    // A later project edit is there, so the team's save was projected before it.
    await save({ name: 'tenantId', type: 'integer' });
    const list = await history();
    expect(list.length).toBe(before + 1);
    expect(list[0]?.name).toBe('tenantId');
    expect(list.some((entry) => entry.name === 'traceId')).toBe(false);
  });
});
