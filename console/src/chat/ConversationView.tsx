import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import CloseIcon from '@mui/icons-material/Close';
import SearchIcon from '@mui/icons-material/Search';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  InputAdornment,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { MOBILE } from '../layout/responsive';
import { Composer } from './Composer';
import { ConversationAvatar } from './ConversationList';
import { type Conversation, chatApi } from './chatApi';
import { MessagePane } from './MessagePane';
import type { ChatMember } from './members';
import type { ShownMessage } from './messageStore';
import { mentionedIds } from './messageText';
import { SearchResults } from './SearchResults';
import { useChatMessages } from './useChatMessages';

interface ConversationViewProps {
  conversation: Conversation;
  me: number;
  myName: string;
  /** Everyone of the team, to name the people a message mentions. */
  team: ChatMember[];
  /** Who may be mentioned here. */
  members: ChatMember[];
  onBack: () => void;
}

const useKindLabel = () => {
  const translate = useTranslate();
  return (conversation: Conversation) =>
    ({
      team: translate('app.chat.team_channel'),
      project: translate('app.chat.project_channel'),
      taskProject: translate('app.chat.task_channel'),
      direct: translate('app.chat.direct'),
    })[conversation.kind];
};

/** The open conversation: its header and search, the messages, who is typing and the composer. */
export const ConversationView = ({ conversation, me, myName, team, members, onBack }: ConversationViewProps) => {
  const translate = useTranslate();
  const kindLabel = useKindLabel();
  const { conversationId } = conversation;
  const chat = useChatMessages(conversationId, me);
  const [deleting, setDeleting] = useState<ShownMessage | null>(null);
  const [keyword, setKeyword] = useState<string | null>(null);

  const names = useMemo(() => new Map(team.map((m) => [m.userId, m.name])), [team]);
  const mentionNamesOf = useCallback(
    (message: ShownMessage) => message.mentionIds.map((id) => names.get(id) ?? '').filter(Boolean),
    [names],
  );
  const onEdit = (message: ShownMessage, content: string) =>
    chat.edit(message.messageId, content, mentionedIds(content, members));
  const onTyping = useCallback(() => void chatApi.typing(conversationId).catch(() => undefined), [conversationId]);

  const typing =
    chat.typists.length === 1
      ? translate('app.chat.typing', { name: chat.typists[0]?.name })
      : chat.typists.length > 1
        ? translate('app.chat.typing_many', { names: chat.typists.map((t) => t.name).join('、') })
        : '';

  return (
    <Box
      sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}
      data-testid="chat-conversation-view"
      data-conversation={conversationId}
    >
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.25,
          px: { xs: 1, md: 2 },
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          minHeight: 56,
        }}
      >
        <IconButton
          onClick={onBack}
          aria-label={translate('app.chat.back')}
          sx={{ display: 'none', [MOBILE]: { display: 'inline-flex' } }}
          data-testid="chat-back"
        >
          <ArrowBackIcon />
        </IconButton>
        <ConversationAvatar conversation={conversation} size={32} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" noWrap sx={{ fontWeight: 600 }} data-testid="chat-title">
            {conversation.name}
          </Typography>
          <Typography variant="caption" color="text.secondary" noWrap component="div">
            {kindLabel(conversation)}
            {conversation.kind !== 'direct' && conversation.memberCount > 0
              ? ` · ${translate('app.chat.members', { count: conversation.memberCount })}`
              : ''}
          </Typography>
        </Box>
        {keyword === null ? (
          <Tooltip title={translate('app.chat.search')}>
            <IconButton
              onClick={() => setKeyword('')}
              aria-label={translate('app.chat.search')}
              data-testid="chat-search-open"
            >
              <SearchIcon />
            </IconButton>
          </Tooltip>
        ) : (
          <TextField
            autoFocus
            size="small"
            placeholder={translate('app.chat.search_placeholder')}
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setKeyword(null)}
            sx={{ width: { xs: 160, md: 260 } }}
            slotProps={{
              htmlInput: { 'data-testid': 'chat-search-input', maxLength: 50 },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchIcon fontSize="small" />
                  </InputAdornment>
                ),
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      size="small"
                      edge="end"
                      onClick={() => setKeyword(null)}
                      aria-label={translate('app.chat.close_search')}
                    >
                      <CloseIcon fontSize="small" />
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      </Box>
      {keyword?.trim() ? (
        <SearchResults
          conversationId={conversationId}
          keyword={keyword.trim()}
          me={me}
          mentionNamesOf={mentionNamesOf}
        />
      ) : (
        <MessagePane
          messages={chat.messages}
          hasMore={chat.hasMore}
          loading={chat.loading}
          me={me}
          loadOlder={() => void chat.loadOlder()}
          mentionNamesOf={mentionNamesOf}
          onEdit={onEdit}
          onDelete={setDeleting}
          onRetry={(message) => void chat.retry(message)}
        />
      )}
      <Box sx={{ height: 22, px: { xs: 1.5, md: 3 } }}>
        {typing && (
          <Typography variant="caption" color="text.secondary" data-testid="chat-typing">
            {typing}
          </Typography>
        )}
      </Box>
      <Composer
        members={members}
        me={me}
        onTyping={onTyping}
        onSend={(content, ids, images) => chat.send(content, ids, images, myName)}
      />
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('app.chat.delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('app.chat.delete_content')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate('app.chat.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="chat-delete-confirm"
            onClick={() => {
              if (deleting) void chat.remove(deleting);
              setDeleting(null);
            }}
          >
            {translate('app.chat.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
