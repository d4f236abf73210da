import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import { request } from '../api/request';
import type { Conversation } from './chatApi';
import type { MentionMember } from './MentionPicker';

/** Someone who can be mentioned or written to: the name they are shown by (true name, else nickname). */
export type ChatMember = MentionMember;

interface TeamUser {
  userId: number;
  nickname: string;
  trueName: string;
  avatar: string;
}

/** The team's members, page after page of the react-admin resource the member screens use. */
export function useTeamMembers(teamId: number | null) {
  const dataProvider = useDataProvider();
  return useQuery({
    queryKey: ['teamUsers', 'chat', teamId],
    enabled: Boolean(teamId),
    staleTime: 60_000,
    queryFn: async (): Promise<ChatMember[]> => {
      const members: ChatMember[] = [];
      for (let page = 1; page < 50; page++) {
        const { data, total } = await dataProvider.getList<TeamUser & { id: number }>('teamUsers', {
          pagination: { page, perPage: 100 },
          sort: { field: 'joinedAt', order: 'ASC' },
          filter: {},
        });
        members.push(
          ...data.map((m) => ({ userId: m.userId, name: m.trueName || m.nickname, avatar: m.avatar || undefined })),
        );
        if (data.length < 100 || members.length >= (total ?? 0)) break;
      }
      return members;
    },
  });
}

/** The members of a project's channel: the knowledge or task project's own list. */
async function projectMembers(conversation: Conversation): Promise<ChatMember[]> {
  if (conversation.kind === 'project') {
    const list = await request<TeamUser[]>(
      'project/projectUser',
      { projectId: conversation.projectId },
      { notify: false },
    );
    return list.map((m) => ({ userId: m.userId, name: m.trueName || m.nickname, avatar: m.avatar || undefined }));
  }
  const list = await request<{ userId: number; name: string }[]>(
    'task/projectUser',
    { projectId: conversation.projectId },
    { notify: false },
  );
  return list.map((m) => ({ userId: m.userId, name: m.name }));
}

/**
 * Who may be @mentioned in a conversation (the server refuses anyone else): the team for its channel, the project's
 * members for a project's, the other person for a direct one. Falls back to the team when a project list fails.
 */
export function useConversationMembers(conversation: Conversation | null, team: ChatMember[]): ChatMember[] {
  const project = conversation && (conversation.kind === 'project' || conversation.kind === 'taskProject');
  const { data } = useQuery({
    queryKey: ['chatMembers', conversation?.conversationId],
    enabled: Boolean(project),
    staleTime: 60_000,
    queryFn: () => projectMembers(conversation as Conversation),
  });
  if (!conversation) return [];
  if (conversation.kind === 'direct') return team.filter((m) => m.userId === conversation.peerUserId);
  if (project) return data ?? team;
  return team;
}
