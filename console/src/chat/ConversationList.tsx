import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import MenuBookOutlinedIcon from '@mui/icons-material/MenuBookOutlined';
import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import PersonAddAlt1OutlinedIcon from '@mui/icons-material/PersonAddAlt1Outlined';
import {
  Avatar,
  Box,
  Button,
  CircularProgress,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  ListSubheader,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { useRelativeTime } from '../utils/useRelativeTime';
import type { Conversation } from './chatApi';

const KIND_ICON: Record<Exclude<Conversation['kind'], 'direct'>, ReactNode> = {
  team: <GroupsOutlinedIcon fontSize="small" />,
  project: <MenuBookOutlinedIcon fontSize="small" />,
  taskProject: <AssignmentTurnedInOutlinedIcon fontSize="small" />,
};

export const ConversationAvatar = ({ conversation, size = 36 }: { conversation: Conversation; size?: number }) =>
  conversation.kind === 'direct' ? (
    <PersonAvatar id={conversation.peerUserId} name={conversation.name} size={size} />
  ) : (
    <Avatar
      variant="rounded"
      sx={{
        width: size,
        height: size,
        bgcolor: conversation.kind === 'team' ? 'primary.main' : 'primary.light',
        color: 'primary.contrastText',
      }}
    >
      {KIND_ICON[conversation.kind]}
    </Avatar>
  );

/** What the row says under the name: the last message's sender and text, an image, a deletion. */
function usePreview() {
  const translate = useTranslate();
  return (conversation: Conversation, me: number) => {
    const last = conversation.lastMessage;
    if (!last) return translate('app.chat.no_messages');
    const text = last.deleted
      ? translate('app.chat.deleted')
      : last.content.trim() || (last.images.length ? translate('app.chat.image') : '');
    const who = last.senderId === me ? translate('app.chat.you') : last.senderName;
    return conversation.kind === 'direct' && last.senderId !== me ? text : `${who}：${text}`;
  };
}

interface ConversationListProps {
  conversations: Conversation[] | undefined;
  loading: boolean;
  selected: string | null;
  inboxUnread: number;
  me: number;
  onSelect: (conversationId: string) => void;
  onInbox: () => void;
  onNewDirect: () => void;
}

/** An unread count beside a row: nothing at 0, '99+' above 99. */
export const UnreadCount = ({ count, testId }: { count: number; testId: string }) =>
  count > 0 ? (
    <Box
      component="span"
      data-testid={testId}
      sx={{
        minWidth: 20,
        height: 20,
        px: 0.75,
        borderRadius: 10,
        bgcolor: 'error.main',
        color: 'error.contrastText',
        fontSize: 12,
        lineHeight: '20px',
        textAlign: 'center',
        flexShrink: 0,
      }}
    >
      {count > 99 ? '99+' : count}
    </Box>
  ) : null;

/** The left column: the inbox entry, then the channels and the direct conversations, each with its unread count. */
export const ConversationList = ({
  conversations,
  loading,
  selected,
  inboxUnread,
  me,
  onSelect,
  onInbox,
  onNewDirect,
}: ConversationListProps) => {
  const translate = useTranslate();
  const { formatRelative } = useRelativeTime();
  const preview = usePreview();
  const channels = conversations?.filter((c) => c.kind !== 'direct') ?? [];
  const directs = conversations?.filter((c) => c.kind === 'direct') ?? [];

  const row = (conversation: Conversation) => (
    <ListItemButton
      key={conversation.conversationId}
      selected={selected === conversation.conversationId}
      onClick={() => onSelect(conversation.conversationId)}
      data-testid="chat-conversation"
      data-conversation={conversation.conversationId}
      data-unread={conversation.unreadCount}
      sx={{ py: 1, gap: 0 }}
    >
      <ListItemAvatar sx={{ minWidth: 48 }}>
        <ConversationAvatar conversation={conversation} />
      </ListItemAvatar>
      <ListItemText
        primary={
          <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
            <Typography variant="body2" noWrap sx={{ fontWeight: conversation.unreadCount ? 700 : 500, flex: 1 }}>
              {conversation.name}
            </Typography>
            {conversation.lastMessage && (
              <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
                {formatRelative(conversation.lastMessage.createdAt)}
              </Typography>
            )}
          </Box>
        }
        secondary={
          <Box component="span" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Typography component="span" variant="caption" color="text.secondary" noWrap sx={{ flex: 1 }}>
              {preview(conversation, me)}
            </Typography>
            <UnreadCount count={conversation.unreadCount} testId="chat-conversation-unread" />
          </Box>
        }
        slotProps={{ secondary: { component: 'div' } }}
      />
    </ListItemButton>
  );

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', height: '100%', minHeight: 0 }} data-testid="chat-list">
      <Box sx={{ display: 'flex', alignItems: 'center', px: 2, py: 1.25, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {translate('app.chat.title')}
        </Typography>
        <Button
          size="small"
          startIcon={<PersonAddAlt1OutlinedIcon />}
          onClick={onNewDirect}
          data-testid="chat-new-direct"
        >
          {translate('app.chat.new_direct')}
        </Button>
      </Box>
      <List component="div" dense disablePadding sx={{ flex: 1, overflowY: 'auto' }}>
        <ListItemButton
          selected={selected === null}
          onClick={onInbox}
          data-testid="chat-inbox-entry"
          data-unread={inboxUnread}
          sx={{ py: 1.25 }}
        >
          <ListItemAvatar sx={{ minWidth: 48 }}>
            <Avatar variant="rounded" sx={{ width: 36, height: 36, bgcolor: 'warning.main' }}>
              <NotificationsNoneIcon fontSize="small" />
            </Avatar>
          </ListItemAvatar>
          <ListItemText
            primary={
              <Typography variant="body2" sx={{ fontWeight: inboxUnread ? 700 : 500 }}>
                {translate('app.chat.inbox')}
              </Typography>
            }
            secondary={
              <Typography component="span" variant="caption" color="text.secondary" noWrap>
                {translate('app.chat.inbox_hint')}
              </Typography>
            }
          />
          <UnreadCount count={inboxUnread} testId="chat-inbox-unread" />
        </ListItemButton>
        {loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress size={20} />
          </Box>
        )}
        {channels.length > 0 && (
          <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'background.paper' }}>
            {translate('app.chat.conversations')}
          </ListSubheader>
        )}
        {channels.map(row)}
        {directs.length > 0 && (
          <ListSubheader component="div" sx={{ lineHeight: '32px', bgcolor: 'background.paper' }}>
            {translate('app.chat.direct')}
          </ListSubheader>
        )}
        {directs.map(row)}
      </List>
    </Box>
  );
};
