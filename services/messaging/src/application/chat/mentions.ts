import { type Decider, sha256 } from '@pmbok/infra';
import { type Activity, type ActivityRecorded, activityStreamId } from '../../domain/activity.js';
import type { MessagingPartDeps } from '../deps.js';
import type { ConversationScope } from './conversations.js';

/** An activity is recorded once: its id is derived from what caused it, and a second recording appends nothing. */
const recordOnce: Decider<{ recorded: boolean }, Activity, ActivityRecorded> = {
  initialState: () => ({ recorded: false }),
  evolve: () => ({ recorded: true }),
  decide: (activity, state) => (state.recorded ? [] : [{ type: 'ActivityRecorded', data: activity }]),
};

const SUMMARY_MAX = 100;
export const conversationLink = (conversationId: string) => `/chat?conversation=${conversationId}`;

/** 52 bits of a hash: an id safe in JSON, the same for the same cause. */
const derivedId = (cause: string) => Number.parseInt(sha256(cause).slice(0, 13), 16);

/**
 * A `chat.mention` activity for the members @mentioned in a message (docs/api/messaging.md): the inbox makes a
 * notification per recipient from it. The sender is never told about their own mention.
 */
export async function recordMentions(
  deps: Pick<MessagingPartDeps, 'runCommand' | 'work'>,
  scope: ConversationScope,
  message: { messageId: number; senderId: number; content: string; mentionIds: number[]; createdAt: number },
) {
  const recipients = message.mentionIds.filter((userId) => userId !== message.senderId);
  if (recipients.length === 0) return;
  const actorName = await deps.work.userName(message.senderId);
  const where = scope.kind === 'direct' ? '私聊' : `「${scope.name}」`;
  const names = await Promise.all(recipients.map((userId) => deps.work.userName(userId)));
  const activity: Activity = {
    activityId: derivedId(`chat.mention:${message.messageId}`),
    kind: 'chat.mention',
    teamId: scope.teamId,
    projectId: scope.projectId,
    projectKind: scope.kind === 'project' ? 'api' : scope.kind === 'taskProject' ? 'task' : '',
    projectName: scope.kind === 'project' || scope.kind === 'taskProject' ? scope.name : '',
    actorId: message.senderId,
    actorName,
    title: `${actorName} 在${where}中@了${names.join('、')}`,
    summary: [...message.content].slice(0, SUMMARY_MAX).join(''),
    link: conversationLink(scope.conversationId),
    targetKind: scope.kind === 'project' || scope.kind === 'taskProject' ? scope.kind : 'team',
    targetId: scope.projectId || scope.teamId,
    changes: [],
    recipients: recipients.map((userId) => ({ userId, title: `${actorName} 在${where}中@了你`, read: false })),
    at: message.createdAt,
  };
  await deps.runCommand(
    activityStreamId(activity.activityId),
    recordOnce,
    activity,
    { userId: message.senderId },
    { commandId: `chat.mention:${message.messageId}`, teamId: scope.teamId },
  );
}
