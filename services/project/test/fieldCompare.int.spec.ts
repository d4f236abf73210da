import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { type Caller, callerMetadata, connectService, createLogger, loadRuntimeConfig } from '@pmbok/infra';
import { startProjectService } from '@pmbok/project-service';
import { projectv1, teamv1 } from '@pmbok/proto';
import { startTeamService } from '@pmbok/team-service';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FieldIssue } from '../src/domain/fieldCompare/index.js';

const corpus = resolve(__dirname, '../../../../shared/corpus');
const present = existsSync(corpus);
if (!present) console.warn(`corpus not found at ${corpus}: the corpus parts of the field comparison test are skipped`);
/** Real descriptions of three styles: a Chinese pet API, RealWorld Conduit (camelCase), the petstore (allOf). */
const FILES = [
  'zh/apibook-pet-zh.openapi-3.0.1.json',
  'openapi-3.0/realworld-conduit-swagger.json',
  'swagger-2.0/oai-petstore-expanded.json',
];

const { NodeKind, ProjectRole } = projectv1;
const OWNER = 9101;
const EDITOR = 9102;
const VIEWER = 9103;
const OTHER_TEAM = 9201;
const OUTSIDER = 9301;
const NOT_VISIBLE = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';

interface Report {
  convention: string;
  reportHash: string;
  checkedDocs: number;
  checkedFields: number;
  libraryFields: number;
  counts: Record<string, number>;
  issues: FieldIssue[];
}
interface UpdateResult {
  changeId: string;
  docsChanged: number;
  fieldsFixed: number;
  fieldsAdded: number;
  skipped: { issueId: string; msg: string }[];
}

describe('field comparison over gRPC (issue 17)', () => {
  const services: { stop(): Promise<void> }[] = [];
  const connections: { close(): void }[] = [];
  let project: ReturnType<typeof connectService<typeof projectv1.ProjectServiceDefinition>>['client'];
  let teamId = 0;
  let otherTeamId = 0;
  let projectId = 0;

  const as = (userId: number, team = teamId) => ({
    metadata: callerMetadata({ userId, teamId: team } as Partial<Caller>),
  });
  const refusal = async (call: Promise<unknown>) =>
    call.then(
      () => undefined,
      (e: { details: string }) => e.details,
    );
  const compare = async (options: { convention?: string; minUses?: number } = {}, userId = EDITOR) => {
    const request = { projectId, convention: options.convention ?? '', minUses: options.minUses ?? 0 };
    return JSON.parse((await project.compareFields(request, as(userId))).reportJson) as Report;
  };
  const apply = async (report: Report, fixes: { issueId: string; action: string }[], userId = EDITOR) => {
    const request = {
      projectId,
      reportHash: report.reportHash,
      fixesJson: JSON.stringify(fixes),
      convention: report.convention,
      minUses: 0,
    };
    return JSON.parse((await project.applyFieldFixes(request, as(userId))).resultJson) as UpdateResult;
  };
  const contentOf = async (projectStructureId: number) => {
    const { doc } = await project.getDoc({ projectId, projectStructureId }, as(EDITOR));
    return { version: doc!.version, content: JSON.parse(doc!.contentJson) };
  };
  const save = async (projectStructureId: number, content: unknown) => {
    const { version } = await contentOf(projectStructureId);
    const contentJson = JSON.stringify(content);
    await project.saveDoc({ projectId, projectStructureId, baseVersion: version, contentJson }, as(EDITOR));
  };
  const history = async () => {
    const request = { projectId, projectStructureId: 0, userId: 0, from: 0, to: 0, page: 1, pageSize: 200 };
    const { pageJson } = await project.listHistory(request, as(EDITOR));
    return JSON.parse(pageJson).list as {
      changeId: string;
      action: string;
      summary: string;
      projectStructureId: number;
    }[];
  };

  beforeAll(async () => {
    const env = { ...process.env, MONGO_URL: '', KAFKA_BROKERS: '', NATS_URL: '', EVENT_STORE_SYNC: 'normal' };
    const options = {
      config: loadRuntimeConfig({ ...env, DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-field-compare-')) }),
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
    teamId = (await team.createTeam({ name: '字段' }, as(OWNER, 0))).teamId;
    otherTeamId = (await team.createTeam({ name: '别队' }, as(OTHER_TEAM, 0))).teamId;
    const { shareCode } = await team.getShareInfo({ teamId }, as(OWNER));
    for (const userId of [EDITOR, VIEWER]) await team.joinByShareCode({ shareCode }, as(userId, 0));
    projectId = (await project.createProject({ name: '字段比对' }, as(OWNER))).projectId;
    await project.addMembers({ projectId, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR }, as(OWNER));
    await project.addMembers({ projectId, userIds: [VIEWER], role: ProjectRole.PROJECT_ROLE_VIEWER }, as(OWNER));
  });

  afterAll(async () => {
    for (const connection of connections) connection.close();
    for (const service of services) await service.stop();
  });

  /** Two api documents: A answers userId as a string and user_name; both take pageSize without a description. */
  const docA = {
    method: 'GET',
    path: '/users/{user_id}',
    parameters: [
      { in: 'path', name: 'user_id', required: true, schema: { type: 'integer' } },
      { in: 'query', name: 'pageSize', schema: { type: 'integer' } },
    ],
    responses: [
      {
        status: '200',
        name: '成功',
        schema: {
          type: 'object',
          properties: {
            data: {
              type: 'object',
              required: ['user_name'],
              properties: {
                userId: { type: 'string', description: '用户编号' },
                user_name: { type: 'string', description: '用户名' },
              },
            },
          },
        },
      },
    ],
  };
  const docB = {
    method: 'GET',
    path: '/orders',
    parameters: [{ in: 'query', name: 'pageSize', schema: { type: 'integer' } }],
    responses: [
      {
        status: '200',
        name: '成功',
        schema: { type: 'object', properties: { userId: { type: 'integer', description: '用户编号' } } },
      },
    ],
  };
  let nodeA = 0;
  let nodeB = 0;

  it('finds each kind at its place, applies chosen fixes as one change that revertChange undoes', async () => {
    const add = async (name: string, method: string, path: string) =>
      (
        await project.addStructure(
          { projectId, parentId: 0, kind: NodeKind.NODE_KIND_API, name, templateId: 0, method, path },
          as(EDITOR),
        )
      ).projectStructureId;
    nodeA = await add('查询用户', 'GET', '/users/{user_id}');
    nodeB = await add('订单列表', 'GET', '/orders');
    await save(nodeA, docA);
    await save(nodeB, docB);
    for (const field of [
      { name: 'userId', type: 'integer', format: 'int64', description: '用户编号' },
      { name: 'pageSize', type: 'integer', description: '每页条数' },
    ]) {
      const request = { projectId, scope: 'project', dataFieldId: 0, fieldJson: JSON.stringify(field) };
      await project.saveDataField(request, as(EDITOR));
    }

    const report = await compare({ convention: 'camelCase' });
    const found = (kind: string, name: string, node: number) =>
      report.issues.find((i) => i.kind === kind && i.fieldName === name && i.uses[0]?.projectStructureId === node)!;
    expect(report.convention).toBe('camelCase');
    expect(report.libraryFields).toBe(2);
    const typeIssue = found('type', 'userId', nodeA);
    expect(typeIssue).toMatchObject({
      message: '字段 userId 在字段库中是 integer，这里是 string',
      uses: [{ location: '响应 200 › data › userId', method: 'GET', path: '/users/{user_id}', docName: '查询用户' }],
      expected: { name: 'userId', type: 'integer', format: 'int64', description: '用户编号' },
      fixes: ['useLibrary'],
    });
    const formatIssue = found('format', 'userId', nodeB);
    const namingIssue = found('naming', 'user_name', nodeA);
    const pathParam = found('naming', 'user_id', nodeA);
    expect(namingIssue.expected?.name).toBe('userName');
    const undescribed = [nodeA, nodeB].map((node) => found('descriptionMissing', 'pageSize', node));
    expect(undescribed.every(Boolean)).toBe(true);
    // The same documents give the same report.
    expect((await compare({ convention: 'camelCase' })).reportHash).toBe(report.reportHash);

    const fixes = [
      { issueId: typeIssue.issueId, action: 'useLibrary' },
      { issueId: formatIssue.issueId, action: 'useLibrary' },
      { issueId: namingIssue.issueId, action: 'rename' },
      { issueId: pathParam.issueId, action: 'rename' },
      ...undescribed.map((issue) => ({ issueId: issue.issueId, action: 'useLibrary' })),
    ];
    const [beforeA, beforeB] = [(await contentOf(nodeA)).content, (await contentOf(nodeB)).content];
    const result = await apply(report, fixes);
    expect(result).toMatchObject({ docsChanged: 2, fieldsFixed: 6, fieldsAdded: 0, skipped: [] });
    expect(result.changeId).toMatch(/^fields-[0-9a-f-]{36}$/);
    const fixedA = (await contentOf(nodeA)).content;
    expect(fixedA.path).toBe('/users/{userId}');
    expect(fixedA.parameters.map((p: { name: string }) => p.name)).toEqual(['userId', 'pageSize']);
    expect(fixedA.parameters[1].description).toBe('每页条数');
    const data = fixedA.responses[0].schema.properties.data;
    expect(data.required).toEqual(['userName']);
    expect(data.properties.userId).toEqual({ type: 'integer', format: 'int64', description: '用户编号' });
    expect(Object.keys(data.properties)).toEqual(['userId', 'userName']);
    expect((await contentOf(nodeB)).content.responses[0].schema.properties.userId.format).toBe('int64');
    // Those findings are gone.
    const after = await compare({ convention: 'camelCase' });
    expect(after.issues.filter((i) => fixes.some((f) => f.issueId === i.issueId))).toEqual([]);

    // One change in the history, with both documents; reverting it puts both back.
    const entries = (await history()).filter((entry) => entry.changeId === result.changeId);
    expect(entries.map((e) => e.projectStructureId).sort()).toEqual([nodeA, nodeB].sort());
    expect(entries.map((e) => [e.action, e.summary]).sort()).toEqual([
      ['doc-saved', '字段标准修复：修改了接口 查询用户 的 路径、参数、响应'],
      ['doc-saved', '字段标准修复：修改了接口 订单列表 的 参数、响应'],
    ]);
    const reverted = await project.revertChange({ projectId, changeId: result.changeId }, as(EDITOR));
    expect(reverted.restored).toBe(2);
    expect((await contentOf(nodeA)).content).toEqual(beforeA);
    expect((await contentOf(nodeB)).content).toEqual(beforeB);
    const backA = (await contentOf(nodeA)).content;
    expect(backA.path).toBe('/users/{user_id}');
    expect(backA.responses[0].schema.properties.data.properties.userId.type).toBe('string');
    expect((await contentOf(nodeB)).content.responses[0].schema.properties.userId.format).toBeUndefined();
    const revertEntries = (await history()).filter((entry) => entry.changeId === reverted.changeId);
    expect(revertEntries.map((e) => e.action)).toEqual(['reverted', 'reverted']);
    expect((await compare({ convention: 'camelCase' })).reportHash).toBe(report.reportHash);
  });

  it('refuses fixes to a report the documents moved on from, and bad options and fix lists with messages', async () => {
    const report = await compare({ convention: 'camelCase' });
    const fix = [{ issueId: report.issues[0]!.issueId, action: report.issues[0]!.fixes[0]! }];
    await save(nodeB, {
      ...docB,
      responses: [{ ...docB.responses[0], schema: { type: 'object', properties: { userId: { type: 'boolean' } } } }],
    });
    expect(await refusal(apply(report, fix))).toBe('文档已变化，请重新比对');
    const fresh = await compare({ convention: 'camelCase' });
    const request = { projectId, reportHash: fresh.reportHash, convention: 'camelCase', minUses: 0 };
    expect(await refusal(project.applyFieldFixes({ ...request, fixesJson: 'x' }, as(EDITOR)))).toMatch(
      /^修复列表格式错误/,
    );
    expect(await refusal(project.applyFieldFixes({ ...request, fixesJson: '[]' }, as(EDITOR)))).toBe(
      '请选择要应用的修复',
    );
    expect(await refusal(project.applyFieldFixes({ ...request, fixesJson: '[{"issueId":1}]' }, as(EDITOR)))).toMatch(
      /^修复列表格式错误/,
    );
    // An id the report does not have, or a fix the issue does not allow, is skipped with why; nothing is written.
    const naming = fresh.issues.find((i) => i.kind === 'naming')!;
    const skipped = await apply(fresh, [
      { issueId: 'feedfeedfeedfeed', action: 'useLibrary' },
      { issueId: naming.issueId, action: 'addToLibrary' },
    ]);
    expect(skipped).toEqual({
      changeId: '',
      docsChanged: 0,
      fieldsFixed: 0,
      fieldsAdded: 0,
      skipped: [
        { issueId: 'feedfeedfeedfeed', msg: '该问题已不存在，请重新比对' },
        { issueId: naming.issueId, msg: '该问题不能这样修复' },
      ],
    });
    expect(await refusal(compare({ convention: 'kebab' }))).toBe('命名规范只能是 auto、camelCase、snake_case 或 none');
    expect(await refusal(compare({ minUses: 1 }))).toBe('最少使用文档数必须是 2 到 1000 的整数');
  });

  it('follows renames and saves between comparisons (walks are remembered per document)', async () => {
    const before = await compare({ convention: 'camelCase' });
    const ofA = (report: Report) => report.issues.filter((i) => i.uses[0]?.projectStructureId === nodeA);
    expect(ofA(before).length).toBeGreaterThan(0);
    await project.renameStructure({ projectId, projectStructureId: nodeA, name: '查询用户详情' }, as(EDITOR));
    const renamed = await compare({ convention: 'camelCase' });
    expect(new Set(ofA(renamed).map((i) => i.uses[0]?.docName))).toEqual(new Set(['查询用户详情']));
    const { content } = await contentOf(nodeA);
    content.responses[0].schema.properties.data.properties.userId.type = 'integer';
    await save(nodeA, content);
    const saved = await compare({ convention: 'camelCase' });
    expect(ofA(saved).some((i) => i.kind === 'type' && i.fieldName === 'userId')).toBe(false);
    expect(ofA(saved).find((i) => i.fieldName === 'userId')?.kind).toBe('format');
  });

  it('answers only those who see the project, and fixes only for writers', async () => {
    const report = await compare({}, VIEWER);
    expect(report.checkedDocs).toBeGreaterThan(0);
    const fix = [{ issueId: report.issues[0]!.issueId, action: report.issues[0]!.fixes[0]! }];
    expect(await refusal(apply(report, fix, VIEWER))).toBe(READ_ONLY);
    for (const [userId, team] of [
      [OUTSIDER, 0],
      [OUTSIDER, teamId],
      [OTHER_TEAM, otherTeamId],
    ] as const) {
      const request = { projectId, convention: '', minUses: 0 };
      expect(await refusal(project.compareFields(request, as(userId, team)))).toBe(NOT_VISIBLE);
      const fixes = { ...request, reportHash: report.reportHash, fixesJson: JSON.stringify(fix) };
      expect(await refusal(project.applyFieldFixes(fixes, as(userId, team)))).toBe(NOT_VISIBLE);
    }
  });

  it.skipIf(!present)(
    'finds sensible issues in imported real documents and builds a library from their names',
    async () => {
      const { projectId: imported } = await project.createProject({ name: '真实文档' }, as(OWNER));
      await project.addMembers(
        { projectId: imported, userIds: [EDITOR], role: ProjectRole.PROJECT_ROLE_EDITOR },
        as(OWNER),
      );
      const inImported = projectId;
      projectId = imported;
      try {
        for (const file of FILES) {
          const source = {
            contentGzip: gzipSync(readFileSync(join(corpus, file))),
            fileName: file,
            url: '',
            format: 'auto',
          };
          await project.import({ projectId, source, planHash: '', name: '' }, as(EDITOR));
        }
        const first = await compare();
        expect(first.convention).toBe('camelCase');
        expect(first.checkedDocs).toBeGreaterThan(40);
        expect(first.libraryFields).toBe(0);
        const missing = first.issues.filter((i) => i.kind === 'missing');
        // Names the three APIs share: the pet API's envelope, Conduit's and the petstore's ids and names.
        const names = missing.map((i) => i.fieldName);
        expect(names).toEqual(expect.arrayContaining(['id', 'code', 'data', 'username', 'slug', 'name']));
        expect(missing.find((i) => i.fieldName === 'slug')).toMatchObject({ actual: { type: 'string' } });
        // The Chinese API's snake_case body fields break the majority's camelCase.
        const naming = first.issues.filter((i) => i.kind === 'naming').map((i) => [i.fieldName, i.expected?.name]);
        expect(naming).toEqual(
          expect.arrayContaining([
            ['product_select_list', 'productSelectList'],
            ['product_id', 'productId'],
          ]),
        );

        // The library built from the documents' own names: every missing name added, nothing written to documents.
        const additions = missing.map((i) => ({ issueId: i.issueId, action: 'addToLibrary' }));
        const added = await apply(first, additions);
        expect(added).toEqual({
          changeId: '',
          docsChanged: 0,
          fieldsFixed: 0,
          fieldsAdded: missing.length,
          skipped: [],
        });
        const { pageJson } = await project.searchDataFields(
          { projectId, scope: 'project', keyword: 'slug', type: '', page: 1, pageSize: 10 },
          as(EDITOR),
        );
        expect(JSON.parse(pageJson).lists.map((f: { name: string }) => f.name)).toContain('slug');

        // Against it, what differs from the majority shows: an error model's `body` is a list where most are text.
        const second = await compare();
        expect(second.counts.missing).toBe(0);
        expect(second.libraryFields).toBe(missing.length);
        expect(second.issues).toContainEqual(
          expect.objectContaining({
            kind: 'type',
            fieldName: 'body',
            message: '字段 body 在字段库中是 string，这里是 array',
            uses: [
              expect.objectContaining({
                kind: 'schema',
                docName: 'GenericErrorModel',
                location: '数据模型 › errors › body',
              }),
            ],
          }),
        );

        // Every fix of every finding at once, on real documents: each fixed document still passes the content
        // checks, the change reverts as one, and the report is then what it was.
        const all = second.issues
          .filter((issue) => issue.fixes.length > 0)
          .map((issue) => ({ issueId: issue.issueId, action: issue.fixes[0]! }));
        const fixed = await apply(second, all);
        expect(fixed.skipped).toEqual([]);
        expect(fixed.fieldsFixed).toBe(all.length);
        const third = await compare();
        expect(third.issues.filter((issue) => all.some((fix) => fix.issueId === issue.issueId))).toEqual([]);
        const reverted = await project.revertChange({ projectId, changeId: fixed.changeId }, as(EDITOR));
        expect(reverted.restored).toBe(fixed.docsChanged);
        expect((await compare()).reportHash).toBe(second.reportHash);
      } finally {
        projectId = inImported;
      }
    },
  );
});
