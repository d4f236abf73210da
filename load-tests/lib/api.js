// What every k6 script of pmbok shares: the API envelope, accounts made through the real calls, and the
// workspaces a team works in (a task board, a knowledge project with a mock, the team channel).
//
// Accounts are registered with SMS codes read from the development outbox (`GET /pmbok/dev/sms-outbox`), so the
// target runs with SMS_PROVIDER=console and PMBOK_DEV_MODE=1; the scripts' README says which limits to lift.
import { check, fail, sleep } from 'k6';
import http from 'k6/http';

export const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
export const WS_URL = `${BASE_URL.replace(/^http/, 'ws')}/pmbok/ws`;
export const PASSWORD = 'Passw0rd!k6load';

const JSON_HEADERS = { 'content-type': 'application/json' };

/**
 * `kind` tags every request `read`, `write`, `signin` (a password hash) or `setup` (accounts and workspaces made
 * before the test), so thresholds hold each kind to its own bound and setup counts toward none of them.
 */
export function api(path, body, token, kind = 'read') {
  const headers = token ? { ...JSON_HEADERS, authorization: token } : JSON_HEADERS;
  const res = http.post(`${BASE_URL}/pmbok/api/${path}`, JSON.stringify(body), {
    headers,
    tags: { name: path, kind },
  });
  let envelope = null;
  try {
    envelope = res.json();
  } catch {
    envelope = null;
  }
  return { res, envelope };
}

export const codeIs200 = (envelope) => envelope !== null && envelope.code === 200;

/** The answer's data, or the iteration (or setup) ends with the call and its answer. */
export function must(answer, what) {
  if (!codeIs200(answer.envelope)) fail(`${what}: HTTP ${answer.res.status} ${answer.res.body}`);
  return answer.envelope.data;
}

let sequence = 0;
/** A telephone matching ^1[345789]\d{9}$, distinct per run, VU and call (one SMS per phone per 60 s). */
export function telephone(index) {
  const prefixes = ['3', '5', '7', '8', '9'];
  const prefix = prefixes[Math.floor(Math.random() * prefixes.length)];
  const stamp = String(Date.now() % 1e5).padStart(5, '0');
  const seq = String((index * 17 + sequence++) % 10_000).padStart(4, '0');
  return `1${prefix}${stamp}${seq}`;
}

/** A new account through the real calls: code sent, read from the outbox, registered. */
export function register(index) {
  const phone = telephone(index);
  must(api('user/sendRegisterCode', { username: phone, smsType: 2 }, null, 'setup'), `sendRegisterCode ${phone}`);
  const outbox = http.get(`${BASE_URL}/pmbok/dev/sms-outbox?telephone=${phone}`, {
    tags: { name: 'dev/sms-outbox', kind: 'setup' },
  });
  const code = outbox.status === 200 ? outbox.json()?.data?.code : null;
  if (!code)
    fail(`sms-outbox for ${phone}: HTTP ${outbox.status} (is PMBOK_DEV_MODE=1 set, with SMS_PROVIDER=console?)`);
  const body = { telephone: phone, password: PASSWORD, repeatPassword: PASSWORD, code };
  const data = must(api('user/register', body, null, 'setup'), `register ${phone}`);
  return { telephone: phone, token: data.token, userId: data.userId };
}

/** Signs in by password: the morning's first call of every member. */
export function signIn(user) {
  const login = api('user/loginByPassword', { username: user.telephone, password: PASSWORD }, null, 'signin');
  const ok = check(login.envelope, { 'loginByPassword gives a token': (e) => codeIs200(e) && !!e.data?.token });
  return ok ? login.envelope.data.token : null;
}

export function healthy() {
  const health = http.get(`${BASE_URL}/healthz`, { tags: { name: 'healthz' } });
  if (!check(health, { 'healthz is 200': (r) => r.status === 200 })) fail(`${BASE_URL}/healthz: HTTP ${health.status}`);
}

/**
 * A team of `members` accounts (the first owns it, the rest joined by its share code) with a task board of
 * `tasks` tasks and a knowledge project holding one API document served by the mock.
 */
export function team(members, { tasks = 40, name = 'k6 团队' } = {}) {
  const people = Array.from({ length: members }, (_, i) => register(i));
  const owner = people[0];
  const { teamId } = must(
    api('team/create', { teamName: name, sourceProject: '[]' }, owner.token, 'setup'),
    'team/create',
  );
  const { shareCode } = must(api('team/shareInfo', { teamId }, owner.token, 'setup'), 'team/shareInfo');
  for (const person of people.slice(1)) must(api('team/shareJoin', { shareCode }, person.token, 'setup'), 'shareJoin');
  const others = JSON.stringify(people.slice(1).map((p) => p.userId));
  return {
    teamId: String(teamId),
    people,
    board: board(owner, String(teamId), tasks, others),
    docs: knowledge(owner, String(teamId), others),
  };
}

/** A call retried until it succeeds: what the owning service learns through the bus arrives a moment later. */
function eventually(call, what) {
  for (let tries = 0; tries < 200; tries++) {
    const answer = call();
    if (codeIs200(answer.envelope)) return answer.envelope.data;
    sleep(0.05);
  }
  return must(call(), what);
}

function board(owner, teamId, tasks, others) {
  const inTeam = (body) => ({ ...body, teamId });
  const { taskProjectId } = must(
    api('task/newProject', inTeam({ name: 'k6 看板' }), owner.token, 'setup'),
    'newProject',
  );
  const projectId = String(taskProjectId);
  const flows = must(api('task/projectFlows', inTeam({ projectId }), owner.token, 'setup'), 'projectFlows').map(
    (f) => f.flowId,
  );
  if (others !== '[]') {
    const body = inTeam({ projectId, userIds: others });
    eventually(() => api('task/batchCreateProjectUser', body, owner.token, 'setup'), 'task/batchCreateProjectUser');
  }
  const taskIds = [];
  for (let i = 0; i < tasks; i++) {
    const made = must(
      api('task/newTask', inTeam({ projectId, name: `k6 任务 ${i}` }), owner.token, 'setup'),
      'newTask',
    );
    taskIds.push(made.taskId);
  }
  return { projectId, flows, taskIds };
}

export function knowledge(owner, teamId, others = '[]') {
  const inTeam = (body) => ({ ...body, teamId });
  const { projectId } = must(
    api('project/create', inTeam({ name: 'k6 接口' }), owner.token, 'setup'),
    'project/create',
  );
  const node = must(
    api(
      'project/addStructure',
      inTeam({ projectId, parentId: 0, kind: 'api', name: '查询订单' }),
      owner.token,
      'setup',
    ),
    'addStructure',
  );
  if (others !== '[]') {
    const members = inTeam({ projectId, userIds: others, role: 'editor' });
    eventually(
      () => api('project/batchCreateProjectUser', members, owner.token, 'setup'),
      'project/batchCreateProjectUser',
    );
  }
  const body = inTeam({ projectId, projectStructureId: node.projectStructureId });
  const detail = must(api('project/docDetail', body, owner.token, 'setup'), 'docDetail');
  const doc = { ...detail.api, method: 'GET', path: '/orders/{id}', description: 'k6 的订单接口' };
  must(
    api('project/saveDoc', { ...body, baseVersion: detail.version, doc: JSON.stringify(doc) }, owner.token, 'setup'),
    'saveDoc',
  );
  const mock = must(api('project/mockSettings', inTeam({ projectId }), owner.token, 'setup'), 'mockSettings');
  return {
    projectId,
    projectStructureId: node.projectStructureId,
    mockBase: `${BASE_URL}${mock.basePath || `/mock/${projectId}`}`,
    mockToken: mock.token,
  };
}
