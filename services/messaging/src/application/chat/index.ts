import { type Caller, invalid } from '@pmbok/infra';
import type { messagingv1 } from '@pmbok/proto';
import { messages } from '../../domain/chatMessage/businessLogic.js';
import {
  chatDirects,
  chatMessages,
  chatReads,
  conversations,
  messageKey,
  readKey,
  unreadOf,
} from '../../projections/chat/index.js';
import type { ScopeInfo, WorkDirectory } from '../../projections/work/types.js';
import type { MessagingPartDeps } from '../deps.js';
import { type ConversationScope, createMembership, directConversationId, teamConversationId } from './conversations.js';
import { createChatLive } from './live.js';
import { createMessages } from './messages.js';
import { messageView, namesOf } from './view.js';

type Signed = Caller & { userId: number };
type Deps = Pick<MessagingPartDeps, 'runtime' | 'work'>;

/** How long a badge recount may reuse a team's roster: a post to a large team recounts every member's badge. */
const ROSTER_REUSE_MS = 1_000;
const rosters = new WeakMap<WorkDirectory, Map<number, { at: number; team: Promise<ScopeInfo | null> }>>();

/** The team's roster as read at most a second ago (badges only; access checks read it fresh). */
function recentTeam(work: WorkDirectory, teamId: number) {
  let byTeam = rosters.get(work);
  if (!byTeam) {
    byTeam = new Map();
    rosters.set(work, byTeam);
  }
  const now = Date.now();
  const known = byTeam.get(teamId);
  if (known && now - known.at < ROSTER_REUSE_MS) return known.team;
  if (byTeam.size > 1_000) byTeam.clear();
  const team = work.team(teamId);
  byTeam.set(teamId, { at: now, team });
  return team;
}

/** The conversations a user belongs to in a team: the team channel, their projects, their direct ones (latest first). */
async function conversationsOf(
  deps: Deps,
  userId: number,
  teamId: number,
  forBadge = false,
): Promise<ConversationScope[]> {
  const { work } = deps;
  const team = await (forBadge ? recentTeam(work, teamId) : work.team(teamId));
  if (!team?.members.includes(userId)) return [];
  const base = { teamId, projectId: 0, peerUserId: 0 };
  const projects = await work.projectsOf(userId, teamId);
  const scopes: ConversationScope[] = [
    { ...base, conversationId: teamConversationId(teamId), kind: 'team', name: team.name, members: team.members },
  ];
  for (const project of projects) {
    const scope = project.kind === 'project' ? await work.project(project.id) : await work.taskProject(project.id);
    if (!scope) continue;
    scopes.push({
      ...base,
      conversationId: `${project.kind}-${project.id}`,
      kind: project.kind,
      name: project.name,
      projectId: project.id,
      members: scope.members.filter((member) => team.members.includes(member)),
    });
  }
  const directs = await chatDirects(deps.runtime.readStore).find({ userId, teamId }, { sort: { lastPosition: -1 } });
  for (const direct of directs) {
    if (!team.members.includes(direct.peerId)) continue;
    scopes.push({
      ...base,
      conversationId: direct.conversationId,
      kind: 'direct',
      name: await work.userName(direct.peerId),
      peerUserId: direct.peerId,
      members: [userId, direct.peerId],
    });
  }
  return scopes;
}

async function unreadIn(deps: Deps, userId: number, conversationId: string) {
  const { readStore } = deps.runtime;
  const [conversation, mark] = await Promise.all([
    conversations(readStore).findOne({ _id: conversationId }),
    chatReads(readStore).findOne({ _id: readKey(userId, conversationId) }),
  ]);
  return { conversation, mark, unread: unreadOf(conversation, mark?.seq ?? 0) };
}

/** Unread conversation messages of a user in a team (for the badge). */
export async function unreadConversations(deps: Deps, userId: number, teamId: number) {
  const scopes = await conversationsOf(deps, userId, teamId, true);
  const counts = await Promise.all(
    scopes.map(async (scope) => (await unreadIn(deps, userId, scope.conversationId)).unread),
  );
  return counts.reduce((sum, count) => sum + count, 0);
}

type ChatMessage = messagingv1.ChatMessage;
type Conversation = messagingv1.Conversation;

/** The chat use cases (docs/api/messaging.md), named so the service's use cases type without the generated paths. */
export interface ChatUseCases {
  conversations(caller: Signed): Promise<Conversation[]>;
  direct(peerUserId: number, caller: Signed): Promise<Conversation>;
  post(
    request: { conversationId: string; content: string; mentionIds: number[]; images: string[]; clientId: string },
    caller: Signed,
  ): Promise<ChatMessage>;
  edit(request: { messageId: number; content: string; mentionIds: number[] }, caller: Signed): Promise<ChatMessage>;
  remove(messageId: number, caller: Signed): Promise<void>;
  list(
    request: { conversationId: string; beforePosition: number; afterPosition: number; pageSize: number },
    caller: Signed,
  ): Promise<{ messages: ChatMessage[]; hasMore: boolean }>;
  search(
    request: { conversationId: string; keyword: string; page: number; pageSize: number },
    caller: Signed,
  ): Promise<{ messages: ChatMessage[]; total: number }>;
  /** Answers the badge after the change. */
  markRead(request: { conversationId: string; position: number }, caller: Signed): Promise<number>;
  typing(conversationId: string, caller: Signed): Promise<void>;
}

/** The chat use cases (docs/api/messaging.md). */
export function createChat(deps: MessagingPartDeps): ChatUseCases {
  const membership = createMembership(deps.work);
  const live = createChatLive(deps);
  const messageCalls = createMessages(deps, membership, live);

  async function conversationView(scope: ConversationScope, userId: number): Promise<messagingv1.Conversation> {
    const { conversation, mark, unread } = await unreadIn(deps, userId, scope.conversationId);
    const last =
      conversation &&
      (await chatMessages(deps.runtime.readStore).findOne({
        _id: messageKey(conversation.conversationId, conversation.lastSeq),
      }));
    return {
      conversationId: scope.conversationId,
      kind: scope.kind,
      name: scope.name,
      projectId: scope.projectId,
      peerUserId: scope.peerUserId,
      unreadCount: unread,
      readPosition: mark?.position ?? 0,
      lastMessage: last ? await messageView(last, namesOf(deps.work)) : undefined,
      memberCount: scope.members.length,
    };
  }

  return {
    ...messageCalls,

    /** The team channel first, then projects, then direct conversations by their last message. */
    async conversations(caller: Signed) {
      await membership.team(caller.userId, caller.teamId);
      const scopes = await conversationsOf(deps, caller.userId, caller.teamId);
      return Promise.all(scopes.map((scope) => conversationView(scope, caller.userId)));
    },

    async direct(peerUserId: number, caller: Signed) {
      await membership.team(caller.userId, caller.teamId);
      if (peerUserId === caller.userId) throw invalid('不能和自己私聊');
      if (peerUserId <= 0) throw invalid(messages.notMember);
      const scope = await membership.conversation(
        directConversationId(caller.userId, peerUserId),
        caller.userId,
        caller.teamId,
      );
      return conversationView(scope, caller.userId);
    },
  };
}
