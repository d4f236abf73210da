import { Box, Button, CircularProgress, Typography } from '@mui/material';
import { type UIEvent, useLayoutEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { MessageItem } from './MessageItem';
import type { ShownMessage } from './messageStore';

const NEAR_TOP = 48;
const NEAR_BOTTOM = 120;

interface MessagePaneProps {
  messages: ShownMessage[];
  hasMore: boolean;
  loading: boolean;
  me: number;
  loadOlder: () => void;
  mentionNamesOf: (message: ShownMessage) => string[];
  onEdit: (message: ShownMessage, content: string) => Promise<boolean>;
  onDelete: (message: ShownMessage) => void;
  onRetry: (message: ShownMessage) => void;
}

/**
 * The messages, oldest at the top. Scrolling to the top reads the previous page and keeps what was on screen in
 * place; a reader at the bottom follows new messages, one scrolled up to read is left where they are.
 */
export const MessagePane = ({
  messages,
  hasMore,
  loading,
  me,
  loadOlder,
  mentionNamesOf,
  ...actions
}: MessagePaneProps) => {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  const keep = useRef<{ fromBottom: number; first?: number } | null>(null);
  const first = messages[0]?.messageId;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (keep.current && keep.current.first !== first) {
      element.scrollTop = element.scrollHeight - keep.current.fromBottom;
      keep.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  });

  // one's own send always scrolls down to it
  const mineLast = messages[messages.length - 1]?.senderId === me && messages[messages.length - 1]?.pending;
  useLayoutEffect(() => {
    if (mineLast && box.current) {
      atBottom.current = true;
      box.current.scrollTop = box.current.scrollHeight;
    }
  }, [mineLast]);

  const older = () => {
    const element = box.current;
    if (!element || loading || !hasMore) return;
    keep.current = { fromBottom: element.scrollHeight - element.scrollTop, first };
    loadOlder();
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    if (element.scrollTop < NEAR_TOP) older();
  };

  return (
    <Box ref={box} onScroll={onScroll} sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-testid="chat-messages">
      <Box sx={{ px: { xs: 1.5, md: 3 }, py: 2, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 2 }}>
        {hasMore && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            {loading ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', fontSize: 13 }}>
                <CircularProgress size={14} />
                {translate('app.chat.loading')}
              </Box>
            ) : (
              <Button size="small" onClick={older} data-testid="chat-load-older">
                {translate('app.chat.load_more')}
              </Button>
            )}
          </Box>
        )}
        {!hasMore && !loading && messages.length > 0 && (
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('app.chat.history_start')}
          </Typography>
        )}
        {messages.length === 0 && loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress size={24} />
          </Box>
        )}
        {messages.length === 0 && !loading && (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8 }} data-testid="chat-empty">
            {translate('app.chat.no_messages')}
          </Typography>
        )}
        {messages.map((message) => (
          <MessageItem
            key={message.messageId || message.clientId}
            message={message}
            mine={message.senderId === me}
            mentionNames={mentionNamesOf(message)}
            {...actions}
          />
        ))}
      </Box>
    </Box>
  );
};
