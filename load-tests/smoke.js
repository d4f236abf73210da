// k6 smoke test: a short, bounded run that proves the embedded app answers the account slice under a little
// concurrency. CI runs it against `npm start` (see .ci/run):
//
//   k6 run -e BASE_URL=http://localhost:8080 load-tests/smoke.js
//
// setup() registers one user per VU through the API (SMS code read from the development outbox, so the
// target must run with SMS_PROVIDER=console and PMBOK_DEV_MODE=1) and signs each in by password; then every VU
// calls userInfo/getUserInfo with its own token for the duration, and a second scenario works on a knowledge
// project of its own (its team, project and API document made in setup): the tree, the document, a save on the
// version it read. Checks assert the `{code}` envelope, not only the HTTP status, because the gateway answers
// business errors with HTTP 200.
import { check, fail, sleep } from 'k6';
import http from 'k6/http';

const BASE_URL = (__ENV.BASE_URL || 'http://localhost:8080').replace(/\/$/, '');
const VUS = Number(__ENV.VUS || 5);
const DURATION = __ENV.DURATION || '20s';
const PASSWORD = 'Passw0rd!smoke';

export const options = {
  scenarios: {
    getUserInfo: { executor: 'constant-vus', vus: VUS, duration: DURATION, gracefulStop: '5s' },
    knowledge: { executor: 'constant-vus', vus: VUS, duration: DURATION, gracefulStop: '5s', exec: 'knowledge' },
  },
  // setup registers VUS users one after another; leave room for Argon2id hashing on a slow CI machine.
  setupTimeout: '60s',
  thresholds: {
    http_req_failed: ['rate<0.01'],
    http_req_duration: ['p(95)<500'],
    checks: ['rate>0.99'],
  },
};

const JSON_HEADERS = { 'content-type': 'application/json' };

function api(path, body, token) {
  const headers = token ? { ...JSON_HEADERS, authorization: token } : JSON_HEADERS;
  const res = http.post(`${BASE_URL}/pmbok/api/${path}`, JSON.stringify(body), {
    headers,
    tags: { name: path },
  });
  let envelope = null;
  try {
    envelope = res.json();
  } catch {
    envelope = null;
  }
  return { res, envelope };
}

const codeIs200 = (envelope) => envelope !== null && envelope.code === 200;

/** A telephone matching ^1[345789]\d{9}$, distinct per run and per index (one SMS per phone per 60 s). */
function telephone(index) {
  const prefixes = ['3', '5', '7', '8', '9'];
  const prefix = prefixes[Math.floor(Math.random() * prefixes.length)];
  const stamp = String(Date.now() % 1e6).padStart(6, '0');
  const seq = String(index % 1000).padStart(3, '0');
  return `1${prefix}${stamp}${seq}`;
}

function registerAndLogin(index) {
  const phone = telephone(index);

  const sent = api('user/sendRegisterCode', { username: phone, smsType: 2 });
  if (!check(sent.envelope, { 'sendRegisterCode code is 200': codeIs200 })) {
    fail(`sendRegisterCode for ${phone}: HTTP ${sent.res.status} ${sent.res.body}`);
  }

  const outbox = http.get(`${BASE_URL}/pmbok/dev/sms-outbox?telephone=${phone}`, {
    tags: { name: 'dev/sms-outbox' },
  });
  const outboxBody = outbox.status === 200 ? outbox.json() : null;
  if (!check(outboxBody, { 'sms outbox has a code': (b) => b !== null && b.code === 200 && !!b.data?.code })) {
    fail(
      `sms-outbox for ${phone}: HTTP ${outbox.status} ${outbox.body} (is PMBOK_DEV_MODE=1 set, with SMS_PROVIDER=console?)`,
    );
  }

  const registered = api('user/register', {
    telephone: phone,
    password: PASSWORD,
    repeatPassword: PASSWORD,
    code: outboxBody.data.code,
  });
  if (!check(registered.envelope, { 'register code is 200': codeIs200 })) {
    fail(`register ${phone}: HTTP ${registered.res.status} ${registered.res.body}`);
  }

  const login = api('user/loginByPassword', { username: phone, password: PASSWORD });
  if (!check(login.envelope, { 'loginByPassword code is 200 with a token': (e) => codeIs200(e) && !!e.data?.token })) {
    fail(`loginByPassword ${phone}: HTTP ${login.res.status} ${login.res.body}`);
  }
  return { telephone: phone, token: login.envelope.data.token, userId: login.envelope.data.userId };
}

export function setup() {
  const health = http.get(`${BASE_URL}/healthz`, { tags: { name: 'healthz' } });
  if (!check(health, { 'healthz is 200': (r) => r.status === 200 })) {
    fail(`${BASE_URL}/healthz answered HTTP ${health.status}`);
  }
  const users = [];
  for (let i = 0; i < VUS; i++) users.push(registerAndLogin(i));
  // __VU numbers the VUs of every scenario together (1 to VUS × 2), in no set order: one project per VU number, so
  // no two knowledge VUs ever save the same document (a race would rightly answer 409).
  const projects = Array.from({ length: VUS * 2 }, (_, i) => knowledgeProject(users[i % users.length]));
  return { users, projects };
}

/** A team, a knowledge project and one API document of the user's own, so no two VUs save the same document. */
function knowledgeProject(user) {
  const must = (answer, what) => {
    if (!codeIs200(answer.envelope)) fail(`${what}: HTTP ${answer.res.status} ${answer.res.body}`);
    return answer.envelope.data;
  };
  const { teamId } = must(api('team/create', { teamName: 'k6 知识库' }, user.token), 'team/create');
  const inTeam = (body) => ({ ...body, teamId });
  const { projectId } = must(api('project/create', inTeam({ name: 'k6 项目' }), user.token), 'project/create');
  const node = must(
    api('project/addStructure', inTeam({ projectId, parentId: 0, kind: 'api', name: '查询订单' }), user.token),
    'project/addStructure',
  );
  return { token: user.token, teamId, projectId, projectStructureId: node.projectStructureId };
}

export function knowledge(data) {
  const p = data.projects[__VU - 1];
  const body = { teamId: p.teamId, projectId: p.projectId };
  const tree = api('project/projectStructure', body, p.token);
  check(tree.envelope, {
    'projectStructure lists the document': (e) =>
      codeIs200(e) && e.data.nodes.some((n) => n.projectStructureId === p.projectStructureId),
  });
  const detail = api('project/docDetail', { ...body, projectStructureId: p.projectStructureId }, p.token);
  if (!check(detail.envelope, { 'docDetail code is 200': codeIs200 })) return;
  const doc = detail.envelope.data.api;
  const saved = api(
    'project/saveDoc',
    {
      ...body,
      projectStructureId: p.projectStructureId,
      baseVersion: detail.envelope.data.version,
      doc: JSON.stringify({ ...doc, path: '/orders/{id}', description: `第 ${__ITER} 次保存` }),
    },
    p.token,
  );
  check(saved.envelope, {
    'saveDoc on the version read is saved': (e) => codeIs200(e) && e.data.version > detail.envelope.data.version,
  });
  sleep(0.1);
}

export default function (data) {
  // __VU counts from 1 in the test phase.
  const user = data.users[(__VU - 1) % data.users.length];
  const info = api('userInfo/getUserInfo', {}, user.token);
  check(info.envelope, {
    'getUserInfo code is 200': codeIs200,
    'getUserInfo is the signed-in user': (e) => codeIs200(e) && String(e.data?.userId) === String(user.userId),
  });
  sleep(0.1);
}

export function teardown(data) {
  for (const user of data.users) {
    const out = api('userInfo/logout', {}, user.token);
    check(out.envelope, { 'logout code is 200': codeIs200 });
  }
}
