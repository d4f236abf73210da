import { randomUUID } from 'node:crypto';
import { connectMongo } from '@pmbok/infra';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { until, withDatabase } from './app-process.js';
import { type Harness, startHarness } from './harness.js';

/**
 * The services on MongoDB (`MONGO_URL`): logs, read models, and the logs followed between services, all in one
 * database of the test's own. What the gateway answers survives a restart, and nothing is rebuilt in memory.
 * Runs where MONGO_URL is set (scripts/engines.sh starts FerretDB; CI sets it); skipped by name elsewhere.
 */
const { MONGO_URL } = process.env;

// FerretDB answers every query by a scan: room for a busy CI machine.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

/** The URL with its database replaced (`mongodb://host:port/db?options`). */

if (!MONGO_URL) {
  describe('the services on MongoDB', () => {
    it.skip('needs MONGO_URL (scripts/engines.sh start)', () => {});
  });
} else {
  describe('the services on MongoDB', () => {
    const dbName = `pmbok-test-gateway-${randomUUID().slice(0, 8)}`;
    const env = { MONGO_URL: withDatabase(MONGO_URL, dbName) };
    let h: Harness;
    let owner: string;
    let teamId: string;
    let projectId: string;
    const task = (path: string, body: Record<string, string> = {}) =>
      h.call(`task/${path}`, { teamId, ...body }, owner);
    const board = async () =>
      ((await task('projectTask', { projectId })).data as { name: string; tasks: { name: string }[] }[]).map((c) => [
        c.name,
        c.tasks.map((t) => t.name),
      ]);

    beforeAll(async () => {
      h = await startHarness(undefined, { env });
    });
    afterAll(async () => {
      await h?.close();
      const connection = await connectMongo({ url: MONGO_URL, dbName });
      await connection.db!.dropDatabase();
      await connection.close();
    });

    it('registers, makes a team and a task board, and keeps them in MongoDB across a restart', async () => {
      owner = await h.register('13700000081');
      teamId = String((await h.call('team/create', { teamName: '文档库团队' }, owner)).data.teamId);
      // The task service learns the team from the team service's log, which it follows in MongoDB.
      const created = await until(
        () => task('newProject', { name: '看板' }),
        (answer) => answer.code === 200,
        'the task service knows the team',
      );
      projectId = String(created.data.taskProjectId);
      const flows = (await task('projectDetail', { projectId })).data.flows as { name: string; flowId: number }[];
      const flowId = (name: string) => String(flows.find((f) => f.name === name)?.flowId);
      const first = (await task('newTask', { projectId, name: '登录页', workHour: '8' })).data.taskId;
      expect((await task('newTask', { projectId, name: '注册页' })).code).toBe(200);
      expect((await task('moveFlow', { projectId, taskId: String(first), flowId: flowId('进行中') })).code).toBe(200);
      const before = await board();
      expect(before).toContainEqual(['进行中', ['登录页']]);
      expect(before).toContainEqual(['待处理', ['注册页']]);
      const page = (await task('taskList', { projectId })).data;
      expect(page.list.map((t: { name: string }) => t.name)).toEqual(['注册页', '登录页']);

      // Everything is in the database, not in DATA_DIR or in memory.
      const connection = await connectMongo({ url: MONGO_URL, dbName });
      try {
        const names = (await connection.db!.listCollections().toArray()).map((c) => c.name);
        expect(names).toEqual(expect.arrayContaining(['auth.events', 'team.events', 'task.events', 'task.tasks']));
        expect(await connection.db!.collection('task.tasks').countDocuments({})).toBe(2);
      } finally {
        await connection.close();
      }

      await h.close();
      h = await startHarness(h.dataDir, { env });
      const login = await h.call('user/loginByPassword', { username: '13700000081', password: 'Passw0rd!' });
      expect(login.code, login.msg).toBe(200);
      owner = login.data.token;
      expect(await board()).toEqual(before);
      expect((await task('taskList', { projectId })).data.total).toBe(2);
      expect((await h.call('team/teamInfo', { teamId }, owner)).data).toMatchObject({
        name: '文档库团队',
        memberCount: 1,
      });
    });
  });
}
