import type { Access, AccessContext } from './access.js';

/**
 * A group of the caller's own in team T for the allowed run; for a refused one, the owner's (a stranger must not
 * reach it, and an anonymous caller is refused before it matters).
 */
async function groupOf({ h, w, a, me, allowed }: AccessContext): Promise<string> {
  const owner = allowed ? me : a.owner;
  const answer = await h.call(
    'ai/chat/record',
    { teamId: w.teamId, role: 'user', content: '创建订单接口怎么调用？' },
    owner.token,
  );
  if (answer.code !== 200) throw new Error(`ai/chat/record: ${answer.msg}`);
  return String(answer.data.aiChatGroupId);
}

/** The AI assistant: conversations are private to their user within a team, so every call needs membership of T. */
export const aiAccess: Record<string, Access> = {
  'ai/chat/group': { least: 'teamMember', body: () => ({}) },
  'ai/chat/history': { least: 'teamMember', body: async (c) => ({ aiChatGroupId: await groupOf(c), page: '1' }) },
  'ai/chat/record': {
    least: 'teamMember',
    body: () => ({ aiChatGroupId: '0', role: 'user', content: '有哪些接口？' }),
  },
  'ai/chat/rename': { least: 'teamMember', body: async (c) => ({ aiChatGroupId: await groupOf(c), name: '订单问答' }) },
  'ai/chat/delGroup': { least: 'teamMember', body: async (c) => ({ aiChatGroupId: await groupOf(c) }) },
  'ai/chat/randomAsk': { least: 'teamMember', body: () => ({}) },
  'ai/chat/ask': { least: 'teamMember', body: () => ({ aiChatGroupId: '0', content: '团队有哪些任务？' }) },
};
