import AssignmentTurnedInOutlinedIcon from '@mui/icons-material/AssignmentTurnedInOutlined';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutline';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { Avatar, Box, Button, IconButton, Link, Menu, MenuItem, Paper, TextField, Typography } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { PersonAvatar } from '../avatar/PersonAvatar';
import type { MessageCard } from './chatApi';
import type { ShownMessage } from './messageStore';
import { appPath, messageTime, textPieces } from './messageText';

/** The text with mentions marked and links clickable, all as React text: nothing in it is ever read as HTML. */
export const MessageText = ({ content, mentionNames }: { content: string; mentionNames: string[] }) => (
  <>
    {textPieces(content, mentionNames).map((piece, index) => {
      const key = `${index}:${piece.text}`;
      if (piece.kind === 'mention')
        return (
          <Box
            key={key}
            component="span"
            data-testid="chat-mention"
            sx={{ color: 'primary.main', bgcolor: 'action.selected', borderRadius: 0.5, px: 0.25, fontWeight: 600 }}
          >
            {piece.text}
          </Box>
        );
      if (piece.kind === 'link')
        return (
          <Link key={key} href={piece.href} target="_blank" rel="noopener noreferrer" underline="hover">
            {piece.text}
          </Link>
        );
      return <span key={key}>{piece.text}</span>;
    })}
  </>
);

/** A linked document or task: its title and method and path, or its stage; opens it. */
const Card = ({ card }: { card: MessageCard }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const path = appPath(card.link, window.location.origin);
  return (
    <Paper
      variant="outlined"
      component="button"
      type="button"
      onClick={() => (path ? navigate(path) : window.open(card.link, '_blank', 'noopener'))}
      data-testid="chat-card"
      sx={{
        display: 'flex',
        gap: 1.25,
        alignItems: 'center',
        p: 1.25,
        mt: 0.75,
        width: 300,
        maxWidth: '100%',
        textAlign: 'left',
        cursor: 'pointer',
        font: 'inherit',
        bgcolor: 'background.paper',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <Avatar
        variant="rounded"
        sx={{ width: 32, height: 32, bgcolor: card.kind === 'doc' ? 'info.main' : 'success.main' }}
      >
        {card.kind === 'doc' ? (
          <DescriptionOutlinedIcon fontSize="small" />
        ) : (
          <AssignmentTurnedInOutlinedIcon fontSize="small" />
        )}
      </Avatar>
      <Box sx={{ minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {card.title}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {translate(card.kind === 'doc' ? 'app.chat.card_doc' : 'app.chat.card_task')}
          {card.subtitle ? ` · ${card.subtitle}` : ''}
        </Typography>
      </Box>
    </Paper>
  );
};

interface MessageItemProps {
  message: ShownMessage;
  mine: boolean;
  /** The names of the people the message mentions (known members), to mark their `@name`. */
  mentionNames: string[];
  onEdit: (message: ShownMessage, content: string) => Promise<boolean>;
  onDelete: (message: ShownMessage) => void;
  onRetry: (message: ShownMessage) => void;
}

/** One message: the sender and time, the text, images and cards; one's own can be edited and deleted. */
export const MessageItem = ({ message, mine, mentionNames, onEdit, onDelete, onRetry }: MessageItemProps) => {
  const translate = useTranslate();
  const [menu, setMenu] = useState<HTMLElement | null>(null);
  const [draft, setDraft] = useState<string | null>(null);
  const settled = !message.pending && !message.failed;
  const editable = mine && settled && !message.deleted;

  const save = async () => {
    if (draft === null || !draft.trim()) return;
    if (draft.trim() === message.content.trim() || (await onEdit(message, draft.trim()))) setDraft(null);
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape') setDraft(null);
  };

  const bubble = (
    <Box
      data-testid="chat-bubble"
      sx={{
        px: 1.5,
        py: 1,
        borderRadius: 2,
        ...(mine ? { borderTopRightRadius: 4 } : { borderTopLeftRadius: 4 }),
        border: message.deleted ? 1 : 0,
        borderColor: 'divider',
        backgroundColor: (theme) =>
          message.deleted
            ? 'transparent'
            : mine
              ? theme.palette.mode === 'dark'
                ? 'rgba(64,158,255,0.24)'
                : '#e8f3ff'
              : theme.palette.action.hover,
        fontSize: 14,
        lineHeight: 1.7,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
        opacity: message.pending ? 0.6 : 1,
      }}
    >
      {message.deleted ? (
        <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }} data-testid="chat-deleted">
          {translate('app.chat.deleted')}
        </Typography>
      ) : (
        <>
          {message.content && (
            <Box data-testid="chat-text">
              <MessageText content={message.content} mentionNames={mentionNames} />
            </Box>
          )}
          {message.images.length > 0 && (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.75, mt: message.content ? 0.75 : 0 }}>
              {message.images.map((src) => (
                <a key={src} href={src} target="_blank" rel="noopener noreferrer">
                  <Box
                    component="img"
                    src={src}
                    alt=""
                    loading="lazy"
                    data-testid="chat-image"
                    sx={{ display: 'block', maxWidth: 200, maxHeight: 160, borderRadius: 1, objectFit: 'cover' }}
                  />
                </a>
              ))}
            </Box>
          )}
        </>
      )}
    </Box>
  );

  return (
    <Box
      data-testid="chat-message"
      data-message-id={message.messageId || undefined}
      data-mine={mine}
      data-state={message.failed ? 'failed' : message.pending ? 'pending' : 'sent'}
      sx={{
        display: 'flex',
        flexDirection: mine ? 'row-reverse' : 'row',
        gap: 1.25,
        alignItems: 'flex-start',
        '&:hover .chat-actions': { visibility: 'visible' },
      }}
    >
      <PersonAvatar id={message.senderId} name={message.senderName} size={32} />
      <Box
        sx={{
          maxWidth: { xs: '82%', md: '70%' },
          minWidth: 0,
          display: 'flex',
          flexDirection: 'column',
          alignItems: mine ? 'flex-end' : 'flex-start',
        }}
      >
        <Box
          sx={{
            display: 'flex',
            gap: 1,
            alignItems: 'baseline',
            mb: 0.25,
            flexDirection: mine ? 'row-reverse' : 'row',
          }}
        >
          <Typography variant="caption" sx={{ fontWeight: 600 }} data-testid="chat-sender">
            {mine ? translate('app.chat.you') : message.senderName}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {messageTime(message.createdAt)}
          </Typography>
          {message.edited && !message.deleted && (
            <Typography variant="caption" color="text.secondary" data-testid="chat-edited">
              （{translate('app.chat.edited')}）
            </Typography>
          )}
        </Box>
        {draft !== null ? (
          <Box sx={{ width: { xs: 260, md: 420 }, maxWidth: '100%' }}>
            <TextField
              autoFocus
              fullWidth
              multiline
              size="small"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              onKeyDown={onKey}
              slotProps={{
                htmlInput: {
                  maxLength: 5000,
                  'data-testid': 'chat-edit-input',
                  'aria-label': translate('app.chat.edit'),
                },
              }}
            />
            <Box sx={{ display: 'flex', gap: 1, justifyContent: 'flex-end', mt: 0.5 }}>
              <Button size="small" onClick={() => setDraft(null)}>
                {translate('app.chat.cancel')}
              </Button>
              <Button size="small" variant="contained" onClick={() => void save()} disabled={!draft.trim()}>
                {translate('app.chat.save')}
              </Button>
            </Box>
          </Box>
        ) : (
          <Box
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              flexDirection: mine ? 'row-reverse' : 'row',
              maxWidth: '100%',
            }}
          >
            <Box sx={{ minWidth: 0 }}>{bubble}</Box>
            {editable && (
              <IconButton
                size="small"
                className="chat-actions"
                aria-label={translate('app.chat.more')}
                onClick={(event) => setMenu(event.currentTarget)}
                data-testid="chat-message-actions"
                sx={{ visibility: { xs: 'visible', md: menu ? 'visible' : 'hidden' } }}
              >
                <MoreHorizIcon fontSize="small" />
              </IconButton>
            )}
          </Box>
        )}
        {!message.deleted && message.cards.map((card) => <Card key={`${card.kind}-${card.id}`} card={card} />)}
        {message.pending && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.chat.sending')}
          </Typography>
        )}
        {message.failed && (
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'error.main' }}>
            <ErrorOutlineIcon sx={{ fontSize: 16 }} />
            <Typography variant="caption">{translate('app.chat.send_failed')}</Typography>
            <Button size="small" onClick={() => onRetry(message)} sx={{ minWidth: 0, py: 0 }}>
              {translate('app.chat.retry')}
            </Button>
          </Box>
        )}
      </Box>
      <Menu anchorEl={menu} open={Boolean(menu)} onClose={() => setMenu(null)}>
        <MenuItem
          onClick={() => {
            setMenu(null);
            setDraft(message.content);
          }}
        >
          {translate('app.chat.edit')}
        </MenuItem>
        <MenuItem
          sx={{ color: 'error.main' }}
          onClick={() => {
            setMenu(null);
            onDelete(message);
          }}
        >
          {translate('app.chat.delete')}
        </MenuItem>
      </Menu>
    </Box>
  );
};
