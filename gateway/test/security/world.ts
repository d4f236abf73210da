import type { Harness } from '../harness.js';

export const PASSWORD = 'Passw0rd!';

/** A registered account: its token for calls, its id for bodies. */
export interface Account {
  token: string;
  userId: string;
  telephone: string;
}

/**
 * The people of the security suite, from least to most rights in team T and its task project P; each one holds the
 * rights of the ones before it. `stranger` owns team U, with nothing in T.
 */
export const LADDER = ['anonymous', 'stranger', 'teamMember', 'projectMember', 'admin', 'owner'] as const;
export type Rung = (typeof LADDER)[number];
/** The least right a call needs: a rung of the ladder, or `public` (anyone) and `self` (any signed-in user). */
export type Least = 'public' | 'self' | Exclude<Rung, 'anonymous' | 'stranger'>;

export type Actors = Record<Exclude<Rung, 'anonymous'>, Account>;

/** Team T, its task project P with a task, all seeded through the API; names are unique markers to look for. */
export interface World {
  teamId: string;
  teamName: string;
  shareCode: string;
  projectId: string;
  projectName: string;
  flowId: string;
  otherFlowId: string;
  otherFlowName: string;
  /** A template project of T, which any member of T may copy. */
  templateId: string;
  templateName: string;
  taskId: string;
  taskName: string;
}

let sequence = 0;
/** A telephone number no other account of this harness has. */
export const newTelephone = () =>
  `139${String(Date.now() % 1e4).padStart(4, '0')}${String(++sequence).padStart(4, '0')}`;

type Answer = Awaited<ReturnType<Harness['call']>>;
const must = (what: string, answer: Answer) => {
  if (answer.code !== 200) throw new Error(`${what}: ${answer.code} ${answer.msg}`);
  return answer.data;
};

/** Registers an account from an address of its own, so per-address limits on anonymous calls do not add up. */
export async function registerAccount(h: Harness): Promise<Account> {
  const telephone = newTelephone();
  const ip = `10.9.${Math.floor(sequence / 250)}.${(sequence % 250) + 1}`;
  must('sendRegisterCode', await h.call('user/sendRegisterCode', { username: telephone, smsType: '2' }, undefined, ip));
  const code = await h.smsCode(telephone);
  const body = { telephone, password: PASSWORD, repeatPassword: PASSWORD, code };
  const { token, userId } = must('register', await h.call('user/register', body, undefined, ip));
  return { token, userId: String(userId), telephone };
}

export async function registerActors(h: Harness): Promise<Actors> {
  const [owner, admin, projectMember, teamMember, stranger] = await Promise.all(
    Array.from({ length: 5 }, () => registerAccount(h)),
  );
  must('team U', await h.call('team/create', { teamName: `外部团队U${++sequence}` }, stranger!.token));
  return { owner: owner!, admin: admin!, projectMember: projectMember!, teamMember: teamMember!, stranger: stranger! };
}

/** A new team T and project P in which every actor holds the rung of the ladder its name says. */
export async function buildWorld(h: Harness, a: Actors): Promise<World> {
  const n = ++sequence;
  const teamName = `机密团队T${n}`;
  const { teamId: createdTeamId } = must('team T', await h.call('team/create', { teamName }, a.owner.token));
  const teamId = String(createdTeamId);
  const { shareCode } = must('shareInfo', await h.call('team/shareInfo', { teamId }, a.owner.token));
  for (const member of [a.admin, a.projectMember, a.teamMember]) {
    must('shareJoin', await h.call('team/shareJoin', { teamId, shareCode }, member.token));
  }
  const asOwner = (path: string, body: Record<string, string>) => h.call(path, { teamId, ...body }, a.owner.token);
  must('admin role', await asOwner('team/updateTeamUser', { userId: a.admin.userId, role: 'administrator' }));
  const projectName = `机密项目P${n}`;
  const { taskProjectId } = must('project', await asOwner('task/newProject', { name: projectName }));
  const projectId = String(taskProjectId);
  const userIds = JSON.stringify([Number(a.admin.userId), Number(a.projectMember.userId)]);
  must('project members', await asOwner('task/batchCreateProjectUser', { projectId, userIds }));
  must(
    'project admin',
    await asOwner('task/updateProjectUser', { projectId, userId: a.admin.userId, role: 'administrator' }),
  );
  const { flowId } = must('flow', await asOwner('task/createFlow', { projectId, name: `阶段${n}` }));
  const otherFlowName = `阶段${n}b`;
  const { flowId: otherFlowId } = must('flow 2', await asOwner('task/createFlow', { projectId, name: otherFlowName }));
  const templateName = `机密模板${n}`;
  const template = must('template', await asOwner('task/newProject', { name: templateName, isTemplate: 'true' }));
  const taskName = `机密任务${n}`;
  const { taskId } = must('task', await asOwner('task/newTask', { projectId, name: taskName, flowId: String(flowId) }));
  return {
    teamId,
    teamName,
    shareCode,
    projectId,
    projectName,
    flowId: String(flowId),
    otherFlowId: String(otherFlowId),
    otherFlowName,
    templateId: String(template.taskProjectId),
    templateName,
    taskId: String(taskId),
    taskName,
  };
}

/** The words that would show team T leaking to someone outside it: its names, ids (long, so unique), people. */
export const secretsOf = (w: World, a: Actors) =>
  [
    w.teamId,
    w.projectId,
    w.taskId,
    w.templateId,
    a.owner.userId,
    a.admin.userId,
    a.projectMember.userId,
    a.teamMember.userId,
    w.teamName,
    w.projectName,
    w.taskName,
    w.templateName,
    w.shareCode,
    a.owner.telephone,
    a.admin.telephone,
    a.projectMember.telephone,
    a.teamMember.telephone,
    // Telephones as the team lists them, masked.
    ...[a.owner, a.admin, a.projectMember, a.teamMember].map(
      (m) => `${m.telephone.slice(0, 3)}****${m.telephone.slice(7)}`,
    ),
    // Short ids would match digits anywhere in an answer; the services' ids are long.
  ].filter((secret) => secret.length >= 6);
