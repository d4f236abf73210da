import ForumOutlinedIcon from '@mui/icons-material/ForumOutlined';
import { Alert, Box, Paper, Typography } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { MOBILE } from '../layout/responsive';
import type { ChatPush } from '../live/chatPush';
import { useChatPushes, useUnreadCount } from '../live/LiveProvider';
import { displayName, useSessionUser, useTeamId } from '../session/session';
import { ConversationList } from './ConversationList';
import { ConversationView } from './ConversationView';
import { chatApi, messageApi } from './chatApi';
import { DirectPicker } from './DirectPicker';
import { Inbox } from './Inbox';
import { useConversationMembers, useTeamMembers } from './members';
import { useConversations } from './useConversations';

/**
 * /chat: the conversations at the left (the inbox first, then the team's and projects' channels and direct
 * messages), the open one or the inbox at the right. `?c=<conversationId>` names the open conversation; without it
 * the inbox shows. A phone shows one column at a time: the list, or (`?c=` or `?inbox=1`) what was opened from it.
 */
const ChatPage = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  const teamId = useTeamId();
  const me = Number(user?.userId ?? 0);
  const [search, setSearch] = useSearchParams();
  const selected = search.get('c');
  const detail = Boolean(selected) || search.has('inbox');
  const { conversations, isPending, error, markSeen, add } = useConversations(teamId, me, selected);
  const { data: team = [] } = useTeamMembers(teamId);
  const [picking, setPicking] = useState(false);
  const queryClient = useQueryClient();

  const conversation = conversations?.find((c) => c.conversationId === selected) ?? null;
  const members = useConversationMembers(conversation, team);
  const projects = useMemo(
    () =>
      (conversations ?? [])
        .filter((c) => c.kind === 'project' || c.kind === 'taskProject')
        .map((c) => ({ projectId: c.projectId, name: c.name })),
    [conversations],
  );

  // the inbox entry's count: read again whenever the badge moves
  const badge = useUnreadCount();
  const { data: unread } = useQuery({
    queryKey: ['chat', teamId, 'unread', badge],
    enabled: Boolean(teamId),
    queryFn: messageApi.unread,
  });
  useChatPushes(
    useCallback(
      (push: ChatPush) => {
        if (push.kind === 'notification') void queryClient.invalidateQueries({ queryKey: ['chat', teamId, 'inbox'] });
      },
      [queryClient, teamId],
    ),
  );

  useEffect(() => {
    if (selected && conversation?.unreadCount) markSeen(selected);
  }, [selected, conversation?.unreadCount, markSeen]);

  const select = (conversationId: string) => setSearch({ c: conversationId });
  const openInbox = () => setSearch({ inbox: '1' });
  const back = () => setSearch({});
  const openDirect = async (userId: number) => {
    setPicking(false);
    try {
      const direct = await chatApi.direct(userId);
      add(direct);
      select(direct.conversationId);
    } catch {
      // the request client has shown why
    }
  };

  const unknown = Boolean(selected) && Boolean(conversations) && !conversation;

  return (
    <Paper
      variant="outlined"
      data-testid="chat-page"
      data-pane={detail ? 'detail' : 'list'}
      sx={{
        display: 'flex',
        height: { xs: 'calc(100dvh - 112px)', md: 'calc(100vh - 140px)' },
        minHeight: 460,
        overflow: 'hidden',
      }}
    >
      <Box
        component="nav"
        sx={{
          width: 300,
          flexShrink: 0,
          borderRight: 1,
          borderColor: 'divider',
          [MOBILE]: { width: '100%', borderRight: 0, display: detail ? 'none' : 'block' },
        }}
      >
        <ConversationList
          conversations={conversations}
          loading={isPending}
          selected={selected}
          inboxUnread={unread?.notifications ?? 0}
          me={me}
          onSelect={select}
          onInbox={openInbox}
          onNewDirect={() => setPicking(true)}
        />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', [MOBILE]: { display: detail ? 'flex' : 'none' } }}>
        {error && !conversations ? (
          <Box sx={{ p: 3, flex: 1 }}>
            <Alert severity="warning">{translate((error as Error).message || 'app.request.error')}</Alert>
          </Box>
        ) : conversation ? (
          <ConversationView
            key={conversation.conversationId}
            conversation={conversation}
            me={me}
            myName={user ? displayName(user) : ''}
            team={team}
            members={members}
            onBack={back}
          />
        ) : unknown ? (
          <Box sx={{ flex: 1, display: 'grid', placeItems: 'center', color: 'text.secondary', textAlign: 'center' }}>
            <Box>
              <ForumOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
              <Typography>{translate('app.chat.no_conversation')}</Typography>
            </Box>
          </Box>
        ) : (
          <Inbox teamId={teamId} projects={projects} onBack={back} />
        )}
      </Box>
      <DirectPicker
        open={picking}
        members={team}
        me={me}
        onClose={() => setPicking(false)}
        onPick={(m) => void openDirect(m.userId)}
      />
    </Paper>
  );
};

export default ChatPage;
