import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { freePort, outboxCode, post, until, withDatabase } from './app-process.js';

// Seven processes start, and consumer groups form on the broker's clock: room for a busy CI machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

const root = new URL('../../', import.meta.url).pathname;
const { KAFKA_BROKERS, NATS_URL, MONGO_URL } = process.env;
const SERVICES = ['auth', 'team', 'project', 'task', 'messaging', 'ai'];

/** `npm run start:distributed` (without its build step) on free ports, with a data directory and topics of its own. */
class Distributed {
  child?: ChildProcess;
  url = '';
  constructor(
    readonly dataDir: string,
    readonly env: Record<string, string>,
  ) {}

  async start() {
    this.child = spawn(process.execPath, ['scripts/start-distributed.mjs'], {
      cwd: root,
      env: { ...process.env, MONGO_URL: '', ...this.env, DATA_DIR: this.dataDir },
      stdio: ['ignore', 'ignore', 'inherit'],
      // Its own process group, so that the test can kill the launcher and every child at once.
      detached: true,
    });
    this.url = `http://127.0.0.1:${this.env.PORT}`;
    await this.ready();
  }

  /** Every service serving, as the gateway sees them. */
  async ready(timeoutMs = 120_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        const answer = (await (await fetch(`${this.url}/readyz`)).json()) as { status: string };
        if (answer.status === 'ready') return;
      } catch {
        // the gateway is not listening yet
      }
      if (Date.now() > deadline) throw new Error('the distributed system did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  pidOf(name: string) {
    return Number(readFileSync(join(this.dataDir, 'run', `${name}.pid`), 'utf8'));
  }

  /** SIGKILL to the launcher and all its children: nothing gets to shut down cleanly. */
  async killEverything() {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    const pids = SERVICES.concat('gateway').map((name) => this.pidOf(name));
    process.kill(-child.pid, 'SIGKILL');
    await exited;
    for (const pid of pids) await gone(pid);
  }

  async stop() {
    const child = this.child;
    if (!child?.pid || child.exitCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
}

async function gone(pid: number) {
  for (;;) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

if (!KAFKA_BROKERS) {
  describe('distributed mode', () => {
    it.skip('needs KAFKA_BROKERS (scripts/engines.sh start)', () => {});
  });
} else {
  // The same failures on each store: SQLite files per service, and MongoDB (a database of this run's own) when
  // MONGO_URL names a server (scripts/engines.sh starts FerretDB; CI does).
  const stores = MONGO_URL ? ['SQLite', 'MongoDB'] : ['SQLite'];
  for (const store of stores)
    describe(`distributed mode on ${store}: every service its own process, events over Kafka`, () => {
      let system: Distributed;
      const stamp = String(Date.now()).slice(-6);
      const owner = `137${stamp}00`;
      const invitees = Array.from({ length: 12 }, (_, i) => `137${stamp}${String(i + 10)}`);
      let ownerToken = '';
      let teamId = '';

      const register = async (telephone: string) => {
        const sent = await post(system.url, 'user/sendRegisterCode', { username: telephone, smsType: '2' });
        expect(sent.code, sent.msg).toBe(200);
        const code = await outboxCode(system.url, telephone);
        const answer = await post(system.url, 'user/register', {
          telephone,
          password: 'Passw0rd!',
          repeatPassword: 'Passw0rd!',
          code,
        });
        expect(answer.code, answer.msg).toBe(200);
        return answer.data.token as string;
      };
      const accept = async (token: string) => {
        await until(
          async () => (await post(system.url, 'team/myInvitations', {}, token)).data as unknown[] | null,
          (list) => list?.length === 1,
          'the invitation reaches its invitee',
        );
        const accepted = await post(system.url, 'team/acceptInvitation', { teamId }, token);
        expect(accepted.code, accepted.msg).toBe(200);
      };
      const memberIds = async () => {
        const response = await fetch(`${system.url}/pmbok/admin/teamUsers?teamId=${teamId}&range=[0,99]`, {
          headers: { authorization: ownerToken },
        });
        const members = (await response.json()) as { id: number | string }[];
        return members.map((m) => String(m.id));
      };

      beforeAll(async () => {
        const env: Record<string, string> = {
          KAFKA_BROKERS,
          NATS_URL: NATS_URL ?? '',
          KAFKA_PREFIX: `test-${randomUUID().slice(0, 8)}`,
          PORT: String(await freePort()),
          HOST: '127.0.0.1',
          LOG_LEVEL: 'warn',
          SMS_IP_DAILY_LIMIT: '100000',
          MONGO_URL:
            store === 'MongoDB' ? withDatabase(MONGO_URL!, `pmbok_distributed_${randomUUID().slice(0, 8)}`) : '',
        };
        for (const name of SERVICES) env[`${name.toUpperCase()}_GRPC_ADDRESS`] = `127.0.0.1:${await freePort()}`;
        system = new Distributed(mkdtempSync(join(tmpdir(), 'pmbok-distributed-')), env);
        await system.start();
      });
      afterAll(async () => {
        await system?.stop();
        if (system) rmSync(system.dataDir, { recursive: true, force: true });
      });

      it('keeps each service in its own process and data directory', () => {
        const pids = new Set(SERVICES.concat('gateway').map((name) => system.pidOf(name)));
        expect(pids.size).toBe(7);
      });

      it('delivers invitations through Kafka, with the consuming service killed while registrations stream in', async () => {
        ownerToken = await register(owner);
        const created = await post(system.url, 'team/create', { teamName: '分布式', sourceProject: '[]' }, ownerToken);
        expect(created.code, created.msg).toBe(200);
        teamId = String(created.data.teamId);
        for (const telephone of invitees) {
          const invited = await post(system.url, 'team/inviteByTelephone', { teamId, telephone }, ownerToken);
          expect(invited.data, invited.msg).toEqual({ invited: true });
        }
        // Half register while the team service runs, then it dies without warning and the rest register
        // while it is down: the auth service keeps answering, and its events wait in Kafka.
        const tokens: string[] = [];
        for (const telephone of invitees.slice(0, 6)) tokens.push(await register(telephone));
        const killed = system.pidOf('team');
        process.kill(killed, 'SIGKILL');
        await gone(killed);
        for (const telephone of invitees.slice(6)) tokens.push(await register(telephone));
        // The launcher starts it again; its projections and consumers resume from their checkpoints.
        await until(
          async () => {
            try {
              return system.pidOf('team');
            } catch {
              return 0;
            }
          },
          (pid) => pid > 0 && pid !== killed,
          'team restarted',
        );
        await system.ready();
        // Registering joins nobody: each invitee finds the invitation by the telephone the team service's directory
        // learnt from Kafka, and accepts it.
        for (const token of tokens) await accept(token);
        const members = await until(memberIds, (ids) => ids.length >= invitees.length + 1, 'members');
        expect(members).toHaveLength(invitees.length + 1);
        expect(new Set(members).size).toBe(members.length);
        // The auth service learned the membership from the team service's topic.
        const invitee = await post(system.url, 'user/loginByPassword', {
          username: invitees[11] as string,
          password: 'Passw0rd!',
        });
        const teams = await until(
          async () => (await post(system.url, 'userInfo/userTeam', {}, invitee.data.token)).data as unknown[],
          (list) => list.length === 1,
          'the invitee sees the team',
        );
        expect(teams).toEqual([expect.objectContaining({ teamId: Number(teamId), station: 'member' })]);
      });

      // The messaging service's own process reads the team topic from Kafka: each join is told to the owner once.
      it("tells the team's owner of every member who joined, through Kafka", async () => {
        const joined = await until(
          async () =>
            (await post(system.url, 'message/list', { teamId, group: 'team', pageSize: '100' }, ownerToken)).data as {
              list: { kind: string; actorId: number }[];
            } | null,
          (page) => (page?.list.filter((n) => n.kind === 'team.joined').length ?? 0) >= invitees.length,
          'the owner is told of the joins',
        );
        const joins = joined?.list.filter((n) => n.kind === 'team.joined') ?? [];
        expect(joins).toHaveLength(invitees.length);
        expect(new Set(joins.map((n) => n.actorId)).size).toBe(invitees.length);
      });

      it('keeps everything answered 200 when every process is killed at once and started again', async () => {
        // A task board: a project, three tasks, one moved to the next stage.
        const call = async (path: string, body: Record<string, unknown>) => {
          const answer = await post(system.url, path, { teamId, ...body }, ownerToken);
          expect(answer.code, `${path}: ${answer.msg}`).toBe(200);
          return answer.data;
        };
        const { taskProjectId } = await call('task/newProject', { name: '看板' });
        const projectId = String(taskProjectId);
        const flows = ((await call('task/projectFlows', { projectId })) as { flowId: number }[]).map((f) => f.flowId);
        const taskIds: number[] = [];
        for (const name of ['需求评审', '接口联调', '上线'])
          taskIds.push((await call('task/newTask', { projectId, name })).taskId);
        await call('task/moveFlow', { projectId, taskId: String(taskIds[0]), flowId: String(flows[1]) });
        const board = async () =>
          (
            (await call('task/taskList', { projectId, page: '1', pageSize: '20' })).list as {
              taskId: number;
              flowId: number;
            }[]
          )
            .map((t) => `${t.taskId}:${t.flowId}`)
            .sort();
        const before = await board();
        expect(before).toHaveLength(3);
        expect(before).toContain(`${taskIds[0]}:${flows[1]}`);

        await system.killEverything();
        await system.start();
        const login = await post(system.url, 'user/loginByPassword', { username: owner, password: 'Passw0rd!' });
        expect(login.code, login.msg).toBe(200);
        ownerToken = login.data.token;
        expect(await board()).toEqual(before);
        const members = await until(memberIds, (ids) => ids.length === invitees.length + 1, 'members after restart');
        expect(new Set(members).size).toBe(invitees.length + 1);
        const info = await post(system.url, 'team/teamInfo', { teamId }, ownerToken);
        expect(info.data).toMatchObject({ name: '分布式', memberCount: invitees.length + 1 });
        // And it goes on working: a newcomer registers and is seen by the other services.
        const newcomer = `137${stamp}99`;
        expect(
          (await post(system.url, 'team/inviteByTelephone', { teamId, telephone: newcomer }, ownerToken)).data,
        ).toEqual({ invited: true });
        await accept(await register(newcomer));
        await until(memberIds, (ids) => ids.length === invitees.length + 2, 'the newcomer joined');
      });
    });
}
