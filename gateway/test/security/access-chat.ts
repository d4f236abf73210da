import type { Access, AccessContext } from './access.js';

/** The team channel of T: every member of T belongs to it. */
const teamChannel = ({ w }: AccessContext) => `team-${w.teamId}`;
/** The channel of task project P: its members only (a member of T outside P is refused, like anyone else). */
const projectChannel = ({ w }: AccessContext) => `taskProject-${w.projectId}`;

/**
 * A message in P's channel: the caller's own for the allowed run (only the sender edits or deletes), the owner's
 * for a refused one (the refusal must come from the conversation, not from a message that does not exist).
 */
async function messageOf(c: AccessContext): Promise<string> {
  const sender = c.allowed ? c.me : c.a.owner;
  const answer = await c.h.call(
    'chat/post',
    { teamId: c.w.teamId, conversationId: projectChannel(c), content: '接口联调好了吗？' },
    sender.token,
  );
  if (answer.code !== 200) throw new Error(`chat/post: ${answer.msg}`);
  return String(answer.data.messageId);
}

/** docs/api/messaging.md "Who may call what": members of the conversation (of the team for the list and direct). */
export const chatAccess: Record<string, Access> = {
  'chat/conversations': { least: 'teamMember', body: () => ({}) },
  'chat/direct': {
    least: 'teamMember',
    body: ({ a, me }) => ({ userId: me.userId === a.owner.userId ? a.admin.userId : a.owner.userId }),
  },
  'chat/messages': { least: 'projectMember', body: (c) => ({ conversationId: projectChannel(c) }) },
  'chat/post': {
    least: 'projectMember',
    body: (c) => ({ conversationId: projectChannel(c), content: '今天发版', clientId: `access-${Date.now()}` }),
  },
  'chat/edit': { least: 'projectMember', body: async (c) => ({ messageId: await messageOf(c), content: '改一下' }) },
  'chat/delete': { least: 'projectMember', body: async (c) => ({ messageId: await messageOf(c) }) },
  'chat/read': { least: 'teamMember', body: (c) => ({ conversationId: teamChannel(c) }) },
  'chat/typing': { least: 'teamMember', body: (c) => ({ conversationId: teamChannel(c) }) },
  'chat/search': { least: 'projectMember', body: (c) => ({ conversationId: projectChannel(c), keyword: '发版' }) },
};
