// k6 smoke test: a short, bounded run that proves the embedded app answers the account slice under a little
// concurrency. CI runs it against `npm start` (see .ci/run):
//
//   k6 run -e BASE_URL=http://localhost:8080 load-tests/smoke.js
//
// setup() registers one user per VU through the API (lib/api.js: SMS code read from the development outbox, so the
// target must run with SMS_PROVIDER=console and PMBOK_DEV_MODE=1) and signs each in by password; then every VU
// calls userInfo/getUserInfo with its own token for the duration, and a second scenario works on a knowledge
// project of its own (its team, project and API document made in setup): the tree, the document, a save on the
// version it read. Checks assert the `{code}` envelope, not only the HTTP status, because the gateway answers
// business errors with HTTP 200.
import { check, sleep } from 'k6';
import { api, codeIs200, healthy, knowledge as knowledgeOf, must, register, signIn } from './lib/api.js';
import { workOnDocument } from './lib/mix.js';

const VUS = Number(__ENV.VUS || 5);
const DURATION = __ENV.DURATION || '20s';

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

export function setup() {
  healthy();
  const users = [];
  for (let i = 0; i < VUS; i++) {
    const user = register(i);
    const token = signIn(user);
    check(token, { 'loginByPassword code is 200 with a token': (t) => !!t });
    users.push({ ...user, token: token || user.token });
  }
  // __VU numbers the VUs of every scenario together (1 to VUS × 2), in no set order: one project per VU number, so
  // no two knowledge VUs ever save the same document (a race would rightly answer 409).
  const projects = Array.from({ length: VUS * 2 }, (_, i) => {
    const user = users[i % users.length];
    const { teamId } = must(api('team/create', { teamName: 'k6 知识库' }, user.token, 'setup'), 'team/create');
    return { token: user.token, teamId: String(teamId), ...knowledgeOf(user, String(teamId)) };
  });
  return { users, projects };
}

export function knowledge(data) {
  const p = data.projects[__VU - 1];
  workOnDocument(p.token, p.teamId, p, { save: true, shared: false });
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
