import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

const NOT_VISIBLE = '项目不存在或无权访问';
const READ_ONLY = '你只能查看该项目，不能修改';

const USER_TABLE = `CREATE TABLE \`t_user\` (
  \`id\` bigint unsigned NOT NULL AUTO_INCREMENT COMMENT '用户ID',
  \`user_name\` varchar(64) NOT NULL COMMENT '用户名',
  \`mobile\` char(11) DEFAULT NULL COMMENT '手机号',
  \`gender\` enum('male','female','unknown') NOT NULL DEFAULT 'unknown' COMMENT '性别',
  \`balance\` decimal(12,2) NOT NULL DEFAULT 0.00 COMMENT '余额（元）',
  \`created_at\` datetime NOT NULL DEFAULT CURRENT_TIMESTAMP COMMENT '注册时间',
  PRIMARY KEY (\`id\`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COMMENT='用户';`;

/** The field library calls through the gateway (docs/api/mock-and-fields.md, "Field libraries"). */
describe('field libraries through the gateway', () => {
  let h: Harness;
  let owner: string;
  let admin: string;
  let editor: string;
  let viewer: string;
  let outsider: string;
  let otherTeam: string;
  let teamId: string;
  let otherTeamId: string;
  let projectId: string;

  const as =
    (token: string, team = () => teamId) =>
    (path: string, body: Record<string, string> = {}) =>
      h.call(`project/${path}`, { teamId: team(), projectId, ...body }, token);
  const userIdOf = async (token: string) => String((await h.call('userInfo/getUserInfo', {}, token)).data.userId);

  beforeAll(async () => {
    h = await startHarness();
    const tokens = await Promise.all([1, 2, 3, 4, 5, 6].map((n) => h.register(`1374000000${n}`)));
    [owner, admin, editor, viewer, outsider, otherTeam] = tokens as [string, string, string, string, string, string];
    teamId = String((await h.call('team/create', { teamName: '字段组' }, owner)).data.teamId);
    otherTeamId = String((await h.call('team/create', { teamName: '别的组' }, otherTeam)).data.teamId);
    const { shareCode } = (await h.call('team/shareInfo', { teamId }, owner)).data;
    for (const member of [admin, editor, viewer])
      expect((await h.call('team/shareJoin', { shareCode }, member)).code).toBe(200);
    const adminId = await userIdOf(admin);
    const promoted = await h.call('team/updateTeamUser', { teamId, userId: adminId, role: 'administrator' }, owner);
    expect(promoted.code).toBe(200);
    projectId = String((await as(owner)('create', { name: '用户中心', privateType: 'members' })).data.projectId);
    for (const [token, role] of [
      [editor, 'editor'],
      [viewer, 'viewer'],
    ] as const) {
      const userIds = `[${await userIdOf(token)}]`;
      expect((await as(owner)('batchCreateProjectUser', { userIds, role })).code).toBe(200);
    }
  });
  afterAll(async () => {
    await h.close();
  });

  it('saves a field from form fields (JSON texts for aliases, example and enum) and lists it', async () => {
    const saved = await as(editor)('saveDataField', {
      scope: 'project',
      name: 'gender',
      aliases: '["sex"]',
      type: 'string',
      description: '性别',
      example: '"male"',
      enum: '["male","female","unknown"]',
      mockRule: '@pick(["male","female"])',
    });
    expect(saved).toMatchObject({ code: 200, data: { dataFieldId: expect.any(Number) } });
    const page = await as(viewer)('searchDataField', { keyword: 'sex', page: '1', pageSize: '10' });
    expect(page).toMatchObject({ code: 200, data: { status: 200, count: 1, pages: 1 } });
    expect(page.data.lists[0]).toMatchObject({
      id: saved.data.dataFieldId,
      name: 'gender',
      aliases: ['sex'],
      example: 'male',
      enum: ['male', 'female', 'unknown'],
      mockRule: '@pick(["male","female"])',
      inherited: false,
      uses: 0,
      updatedByName: expect.any(String),
      createTime: expect.any(Number),
    });
    // The generic list's `size` is the contract's page size too.
    expect((await as(viewer)('searchDataField', { size: '500' })).data.count).toBe(1);
    const edited = await as(editor)('saveDataField', {
      scope: 'project',
      dataFieldId: String(saved.data.dataFieldId),
      name: 'gender',
      type: 'string',
      description: '用户性别',
    });
    expect(edited.code).toBe(200);
    expect((await as(viewer)('searchDataField', {})).data.lists[0]).toMatchObject({
      description: '用户性别',
      enum: [],
    });
  });

  it('builds fields from a pasted table: parse, then save the chosen ones in one batch', async () => {
    const parsed = await as(viewer)('parseFieldSource', { kind: 'sql', text: USER_TABLE });
    expect(parsed).toMatchObject({ code: 200, data: { kind: 'sql', tables: ['t_user'] } });
    const byName = Object.fromEntries(parsed.data.fields.map((f: { name: string }) => [f.name, f]));
    expect(byName.gender).toMatchObject({ type: 'string', enum: ['male', 'female', 'unknown'], exists: true });
    expect(byName.balance).toMatchObject({ type: 'number', description: '余额（元）', required: true, line: 6 });
    expect(byName.created_at).toMatchObject({ type: 'string', format: 'date-time', exists: false });
    const chosen = parsed.data.fields.filter((f: { exists: boolean }) => !f.exists);
    const fields = JSON.stringify(
      chosen.map(({ name, type, format, description, example, enum: values }: any) => ({
        name,
        type,
        format,
        description,
        example,
        enum: values,
      })),
    );
    const batch = await as(editor)('saveDataFields', { scope: 'project', fields });
    expect(batch).toMatchObject({ code: 200, data: { added: chosen.length, refused: 0, skipped: 0 } });
    const again = await as(editor)('saveDataFields', { scope: 'project', fields, onExisting: 'skip' });
    expect(again.data).toMatchObject({ added: 0, skipped: chosen.length });
    expect((await as(viewer)('searchDataField', { type: 'number' })).data.lists.map((f: any) => f.name)).toEqual([
      'balance',
    ]);
  });

  it('the team library: owner and administrators write it, members read it, projects inherit it', async () => {
    const team = (token: string) => as(token, () => teamId);
    const saved = await team(admin)('saveDataField', {
      scope: 'team',
      projectId: '0',
      name: 'traceId',
      type: 'string',
    });
    expect(saved.code).toBe(200);
    const refused = await team(editor)('saveDataField', { scope: 'team', projectId: '0', name: 'x', type: 'string' });
    expect(refused).toMatchObject({ code: 400, msg: '只有团队所有者和管理员可以修改团队字段库' });
    expect((await team(viewer)('searchDataField', { scope: 'team', projectId: '0' })).data.count).toBe(1);
    const inherited = (await as(viewer)('searchDataField', { keyword: 'traceId' })).data.lists[0];
    expect(inherited).toMatchObject({ name: 'traceId', scope: 'team', inherited: true, projectId: 0 });
    // the other team's library is its own
    const other = as(otherTeam, () => otherTeamId);
    expect((await other('searchDataField', { scope: 'team', projectId: '0' })).data.count).toBe(0);
  });

  it('every call refuses an outsider, another team and a viewer’s writes', async () => {
    const save = { scope: 'project', name: 'x', type: 'string' };
    for (const [token, team] of [
      [outsider, () => ''],
      [otherTeam, () => otherTeamId],
    ] as const) {
      const call = as(token, team);
      for (const [path, body] of [
        ['searchDataField', {}],
        ['saveDataField', save],
        ['saveDataFields', { scope: 'project', fields: '[]' }],
        ['deleteDataField', { scope: 'project', dataFieldId: '1' }],
        ['parseFieldSource', { kind: 'json', text: '{"a":1}' }],
      ] as const) {
        expect(await call(path, body), `${path}`).toMatchObject({ code: 400, msg: NOT_VISIBLE });
      }
    }
    expect(await as(viewer)('saveDataField', save)).toMatchObject({ code: 400, msg: READ_ONLY });
    expect(await as(viewer)('deleteDataField', { scope: 'project', dataFieldId: '1' })).toMatchObject({
      code: 400,
      msg: READ_ONLY,
    });
    expect(await as(viewer)('saveDataFields', { scope: 'project', fields: '[]' })).toMatchObject({ code: 400 });
  });

  it('bad input answers 400 with the reason, never 500', async () => {
    const save = (body: Record<string, string>) => as(editor)('saveDataField', { scope: 'project', ...body });
    expect(await save({ name: '1st', type: 'string' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^字段名/),
    });
    expect((await save({ name: 'a', type: 'date' })).code).toBe(400);
    expect(await save({ name: 'a', type: 'string', example: '{oops' })).toMatchObject({
      code: 400,
      msg: '示例不是有效的 JSON',
    });
    expect(await save({ name: 'a', type: 'string', aliases: 'mobile' })).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^别名格式错误/),
    });
    expect(await save({ name: 'a', type: 'integer', enum: '["x"]' })).toMatchObject({
      code: 400,
      msg: '枚举值必须都是 integer 类型',
    });
    expect(await save({ name: 'a', type: 'string', example: JSON.stringify('长'.repeat(4000)) })).toMatchObject({
      code: 400,
      msg: '示例最多 10 KB',
    });
    expect(await save({ name: 'GENDER', type: 'string' })).toMatchObject({ code: 400, msg: '字段 GENDER 已存在' });

    const parse = (kind: string, text: string) => as(viewer)('parseFieldSource', { kind, text });
    const sql = await parse('sql', 'CREATE TABLE a (\n  id int,\n  name varchar(10) NOT NULLL,\n  x int\n);');
    expect(sql).toMatchObject({ code: 400, msg: expect.stringMatching(/^第 3 行附近有语法错误：/) });
    expect(await parse('json', '{\n  "a": 1,\n  "b": \n}')).toMatchObject({
      code: 400,
      msg: expect.stringMatching(/^第 4 行附近有语法错误：/),
    });
    const big = await parse('sql', `-- ${'x'.repeat(1024 * 1024)}\nCREATE TABLE a (id int);`);
    expect(big).toMatchObject({ code: 400, msg: '粘贴的内容不能超过 200 KB' });
    expect((await parse('yaml', 'a: 1')).code).toBe(400);
    expect(await as(editor)('deleteDataField', { scope: 'project' })).toMatchObject({
      code: 400,
      msg: '请选择要删除的字段',
    });
    expect(await as(editor)('saveDataFields', { scope: 'project', fields: '{' })).toMatchObject({ code: 400 });
  });

  it('deletes one or many fields, and the names are free again', async () => {
    const list = (await as(viewer)('searchDataField', { keyword: 'user_name' })).data.lists;
    const mobile = (await as(viewer)('searchDataField', { keyword: 'mobile' })).data.lists[0];
    const ids = JSON.stringify([list[0].id, mobile.id]);
    expect(await as(editor)('deleteDataField', { scope: 'project', dataFieldIds: ids })).toMatchObject({ code: 200 });
    expect((await as(viewer)('searchDataField', { keyword: 'mobile' })).data.count).toBe(0);
    expect((await as(editor)('saveDataField', { scope: 'project', name: 'mobile', type: 'string' })).code).toBe(200);
  });
});
