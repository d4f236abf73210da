import type { MessagingPartDeps } from '../deps.js';
import { recordActivity } from '../notifications/record.js';
import type { ConversationScope } from './conversations.js';

const SUMMARY_MAX = 100;
export const conversationLink = (conversationId: string) => `/chat?c=${conversationId}`;

/**
 * A `chat.mention` activity for the members @mentioned in a message (docs/api/messaging.md), recorded once per
 * message (its id comes from the message's) with the recipients' preferences applied by the inbox's `recordActivity`;
 * the sender is never told about their own mention.
 */
export async function recordMentions(
  deps: Pick<MessagingPartDeps, 'runtime' | 'runCommand' | 'work'>,
  scope: ConversationScope,
  message: { messageId: number; senderId: number; content: string; mentionIds: number[]; createdAt: number },
) {
  const mentioned = message.mentionIds.filter((userId) => userId !== message.senderId);
  if (mentioned.length === 0) return;
  const sender = await deps.work.userName(message.senderId);
  const actorName = sender || '有人';
  const direct = scope.kind === 'direct';
  const names = await Promise.all(mentioned.map(async (userId) => (await deps.work.userName(userId)) || '成员'));
  const inProject = scope.kind === 'project' || scope.kind === 'taskProject';
  await recordActivity(deps, {
    sourceEventId: `chatMessage-${message.messageId}`,
    kind: 'chat.mention',
    teamId: scope.teamId,
    projectId: scope.projectId,
    projectKind: scope.kind === 'project' ? 'api' : scope.kind === 'taskProject' ? 'task' : '',
    projectName: inProject ? scope.name : '',
    actorId: message.senderId,
    actorName,
    phrase: direct ? 'chat.mention.direct' : 'chat.mention',
    args: { actor: sender || '', other: names.join('、'), ...(direct ? {} : { target: scope.name }) },
    summary: [...message.content].slice(0, SUMMARY_MAX).join(''),
    link: conversationLink(scope.conversationId),
    targetKind: inProject ? (scope.kind as 'project' | 'taskProject') : 'team',
    targetId: scope.projectId || scope.teamId,
    recipients: mentioned.map((userId) => ({
      userId,
      phrase: direct ? 'chat.mention.direct.you' : 'chat.mention.you',
    })),
    at: message.createdAt,
  });
}
