import type { Access, AccessContext, Body } from './access.js';

/**
 * A target under a name that never resolves (RFC 6761 `.invalid`): saving it is allowed, and a test send fails at
 * once (无法解析域名) instead of reaching anything.
 */
const TARGET = 'https://hooks.invalid/pmbok';
const EVENTS = JSON.stringify(['task.assigned', 'task.transferred']);

/** A webhook of task project P (or of team T), made by the owner: managers of that scope only may touch it. */
async function webhookOf({ h, w, a }: AccessContext, scope: 'team' | 'project' = 'project'): Promise<string> {
  const place: Body = scope === 'team' ? { scope } : { scope, projectId: w.projectId, projectKind: 'task' };
  const answer = await h.call(
    'webhook/save',
    { teamId: w.teamId, ...place, name: '研发群', kind: 'generic', url: TARGET, events: EVENTS },
    a.owner.token,
  );
  if (answer.code !== 200) throw new Error(`webhook/save: ${answer.msg}`);
  return String(answer.data.webhookId);
}

/**
 * docs/api/messaging.md "Who may call what": owners and administrators of the scope. `admin` administers team T and
 * task project P; `projectMember` is a plain member of P and `teamMember` of T (refused, as are people outside T).
 */
export const webhookAccess: Record<string, Access> = {
  'webhook/list': {
    least: 'admin',
    body: ({ w }) => ({ scope: 'project', projectId: w.projectId, projectKind: 'task' }),
  },
  'webhook/save': {
    least: 'admin',
    body: ({ w }) => ({
      scope: 'project',
      projectId: w.projectId,
      projectKind: 'task',
      name: '发布通知',
      kind: 'feishu',
      url: TARGET,
      secret: 'SEC-access',
      events: EVENTS,
    }),
  },
  'webhook/delete': { least: 'admin', body: async (c) => ({ webhookId: await webhookOf(c) }) },
  'webhook/test': { least: 'admin', body: async (c) => ({ webhookId: await webhookOf(c, 'team') }) },
  'webhook/deliveries': { least: 'admin', body: async (c) => ({ webhookId: await webhookOf(c, 'team') }) },
};
