// A team's working day as k6 exec functions, one per activity, shared by load, stress, spike and soak. Each
// picks a member and a team from what setup() made (lib/api.js `team`), so the activities meet on the same
// boards, documents and channels as real colleagues do.
import { check } from 'k6';
import http from 'k6/http';
import { api, codeIs200, healthy, signIn, team } from './api.js';

const pick = (list) => list[Math.floor(Math.random() * list.length)];
const member = (data) => {
  const t = pick(data.teams);
  return { t, person: pick(t.people) };
};

/** setup(): TEAMS teams of MEMBERS people, each with a board of TASKS tasks and a knowledge project. */
export function setupTeams() {
  healthy();
  const teams = Number(__ENV.TEAMS || 2);
  const members = Number(__ENV.MEMBERS || 5);
  const tasks = Number(__ENV.TASKS || 40);
  return { teams: Array.from({ length: teams }, (_, i) => team(members, { tasks, name: `k6 团队 ${i + 1}` })) };
}

/** Morning sign-in: password, then the calls the console makes on its first screen. */
export function signin(data) {
  const { t, person } = member(data);
  const token = signIn(person);
  if (!token) return;
  const info = api('userInfo/getUserInfo', {}, token);
  check(info.envelope, {
    'getUserInfo is the signed-in user': (e) => codeIs200(e) && String(e.data.userId) === String(person.userId),
  });
  const teams = api('userInfo/userTeam', {}, token);
  check(teams.envelope, {
    'userTeam lists the team': (e) => codeIs200(e) && JSON.stringify(e.data).includes(t.teamId),
  });
}

/** The task board: the first page, a task's detail, and one move in three to the next stage. */
export function board(data) {
  const { t, person } = member(data);
  const b = t.board;
  const inTeam = (body) => ({ ...body, teamId: t.teamId, projectId: b.projectId });
  const list = api('task/taskList', inTeam({ page: 1, pageSize: 20 }), person.token);
  check(list.envelope, {
    'taskList answers a page': (e) => codeIs200(e) && Array.isArray(e.data.list) && e.data.list.length > 0,
  });
  const taskId = pick(b.taskIds);
  const detail = api('task/taskDetail', inTeam({ taskId }), person.token);
  check(detail.envelope, { 'taskDetail is the task': (e) => codeIs200(e) && String(e.data.taskId) === String(taskId) });
  if (Math.random() < 1 / 3) {
    const moved = api('task/moveFlow', inTeam({ taskId, flowId: pick(b.flows) }), person.token, 'write');
    check(moved.envelope, { 'moveFlow is saved': codeIs200 });
  }
}

/**
 * A document's tree, the document, and with `save` a save on the version read. With `shared` colleagues may save the
 * same version at once: the later one is told so (409), which is right; alone, the save must land.
 */
export function workOnDocument(token, teamId, d, { save, shared }) {
  const body = { teamId, projectId: d.projectId };
  const tree = api('project/projectStructure', body, token);
  check(tree.envelope, {
    'projectStructure lists the document': (e) =>
      codeIs200(e) && e.data.nodes.some((n) => n.projectStructureId === d.projectStructureId),
  });
  const detail = api('project/docDetail', { ...body, projectStructureId: d.projectStructureId }, token);
  if (!check(detail.envelope, { 'docDetail answers the document': codeIs200 }) || !save) return;
  const { api: doc, version } = detail.envelope.data;
  const saved = api(
    'project/saveDoc',
    {
      ...body,
      projectStructureId: d.projectStructureId,
      baseVersion: version,
      doc: JSON.stringify({ ...doc, description: `k6 ${__VU}-${__ITER}` }),
    },
    token,
    'write',
  );
  if (shared)
    check(saved.envelope, { 'saveDoc saves or reports the conflict': (e) => codeIs200(e) || e?.code === 409 });
  else
    check(saved.envelope, { 'saveDoc on the version read is saved': (e) => codeIs200(e) && e.data.version > version });
}

/** The knowledge base: the tree, the document, and one save in four on the version read. */
export function docs(data) {
  const { t, person } = member(data);
  workOnDocument(person.token, t.teamId, t.docs, { save: Math.random() < 1 / 4, shared: true });
}

/** A front-end developer's page calling the mock of the team's API. */
export function mock(data) {
  const { docs: d } = pick(data.teams);
  const res = http.get(`${d.mockBase}/orders/${1 + Math.floor(Math.random() * 1000)}`, {
    headers: d.mockToken ? { 'x-mock-token': d.mockToken } : {},
    tags: { name: 'mock GET /orders/{id}', kind: 'read' },
  });
  check(res, { 'mock answers 200 with JSON': (r) => r.status === 200 && r.body.length > 0 && r.json() !== null });
}

/** The team channel: a message, then the latest page as the other members' screens reload it. */
export function messages(data) {
  const { t, person } = member(data);
  const conversationId = `team-${t.teamId}`;
  const posted = api(
    'chat/post',
    { teamId: t.teamId, conversationId, content: `k6 消息 ${__VU}-${__ITER}` },
    person.token,
    'write',
  );
  check(posted.envelope, { 'chat/post is posted': codeIs200 });
  const page = api('chat/messages', { teamId: t.teamId, conversationId, pageSize: 30 }, person.token);
  check(page.envelope, { 'chat/messages answers a page': (e) => codeIs200(e) && e.data.list.length > 0 });
}

/** Activities a second at RATE=1: about 20, some 35 requests a second. */
export const WEIGHTS = { board: 6, docs: 4, mock: 8, messages: 1, signin: 0.5 };

/**
 * The day's mix as arrival-rate scenarios: `shape(perSecond)` gives each activity's executor and timing (RATE
 * scales them all), so load, stress, spike and soak differ only in their shapes. `phase` names a second set of
 * scenarios in one run (a recovery after a peak) and tags its requests, for thresholds of their own.
 */
export function dayScenarios(shape, phase = '') {
  const scale = Number(__ENV.RATE || 1);
  const scenarios = {};
  for (const [exec, weight] of Object.entries(WEIGHTS)) {
    const scenario = { ...shape(weight * scale), exec };
    if (phase) scenario.tags = { phase };
    scenarios[phase ? `${phase}_${exec}` : exec] = scenario;
  }
  return scenarios;
}

/** The thresholds a normal day holds: reads p95 < 200 ms, writes < 300 ms, errors < 1 %. `on` narrows them. */
export function dayThresholds(on = '') {
  const sel = (tags) => `{${[on, tags].filter(Boolean).join(',')}}`.replace('{}', '');
  return {
    [`http_req_failed${sel('')}`]: ['rate<0.01'],
    [`http_req_duration${sel('kind:read')}`]: ['p(95)<200'],
    [`http_req_duration${sel('kind:write')}`]: ['p(95)<300'],
    [`http_req_duration${sel('kind:signin')}`]: ['p(95)<1000'],
    [`checks${sel('')}`]: ['rate>0.99'],
  };
}
