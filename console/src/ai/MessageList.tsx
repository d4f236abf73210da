import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { Avatar, Box, Button, CircularProgress, Typography } from '@mui/material';
import { type ReactNode, type UIEvent, useLayoutEffect, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { AnswerView } from './AnswerView';
import type { ChatItem } from './conversation';

/** How near the top (px) a scroll has to come to read the previous page; near the bottom to follow the answer. */
const NEAR_TOP = 48;
const NEAR_BOTTOM = 80;

interface MessageListProps {
  items: ChatItem[];
  hasNextPage: boolean;
  /** History pages read: the start of the history is marked once the reader has gone back through it. */
  page: number;
  loading: boolean;
  loadOlder: () => void;
  onNavigate: () => void;
  /** Shown when the conversation has nothing yet. */
  empty: ReactNode;
}

const UserBubble = ({ item }: { item: ChatItem }) => (
  <Box sx={{ display: 'flex', justifyContent: 'flex-end' }} data-testid="ai-question">
    <Box
      sx={{
        maxWidth: '80%',
        bgcolor: 'primary.main',
        color: 'primary.contrastText',
        borderRadius: 2,
        borderTopRightRadius: 4,
        px: 2,
        py: 1.25,
        fontSize: 14,
        lineHeight: 1.7,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-word',
      }}
    >
      {item.content}
    </Box>
  </Box>
);

/**
 * The messages, oldest at the top. Scrolling to the top reads the previous page and keeps what was on screen in
 * place; while the reader is at the bottom it follows a streaming answer.
 */
export const MessageList = ({ items, hasNextPage, page, loading, loadOlder, onNavigate, empty }: MessageListProps) => {
  const translate = useTranslate();
  const box = useRef<HTMLDivElement>(null);
  const atBottom = useRef(true);
  // the distance from the bottom when a previous page was asked for, and the first message then
  const keep = useRef<{ fromBottom: number; first?: string } | null>(null);
  const first = items[0]?.key;

  useLayoutEffect(() => {
    const element = box.current;
    if (!element) return;
    if (keep.current && keep.current.first !== first) {
      // an older page came in above: the same message stays under the reader's eyes
      element.scrollTop = element.scrollHeight - keep.current.fromBottom;
      keep.current = null;
    } else if (atBottom.current) {
      element.scrollTop = element.scrollHeight;
    }
  });

  const older = () => {
    const element = box.current;
    if (!element || loading || !hasNextPage) return;
    keep.current = { fromBottom: element.scrollHeight - element.scrollTop, first };
    loadOlder();
  };

  const onScroll = (event: UIEvent<HTMLDivElement>) => {
    const element = event.currentTarget;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM;
    if (element.scrollTop < NEAR_TOP) older();
  };

  return (
    <Box ref={box} onScroll={onScroll} sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }} data-testid="ai-messages">
      <Box
        sx={{
          maxWidth: 880,
          mx: 'auto',
          px: { xs: 2, md: 4 },
          py: 3,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 2.5,
        }}
      >
        {(hasNextPage || (loading && items.length > 0)) && (
          <Box sx={{ display: 'flex', justifyContent: 'center' }}>
            {loading ? (
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', fontSize: 13 }}>
                <CircularProgress size={14} />
                {translate('app.ai.loading')}
              </Box>
            ) : (
              <Button size="small" onClick={older}>
                {translate('app.ai.load_more')}
              </Button>
            )}
          </Box>
        )}
        {!hasNextPage && !loading && page > 1 && (
          <Typography variant="caption" color="text.secondary" sx={{ textAlign: 'center' }}>
            {translate('app.ai.history_start')}
          </Typography>
        )}
        {items.length === 0 && !loading && empty}
        {items.length === 0 && loading && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress size={24} />
          </Box>
        )}
        {items.map((item) =>
          item.role === 'user' ? (
            <UserBubble key={item.key} item={item} />
          ) : (
            <Box key={item.key} sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start' }}>
              <Avatar sx={{ width: 32, height: 32, bgcolor: 'primary.main' }}>
                <SmartToyOutlinedIcon sx={{ fontSize: 18 }} />
              </Avatar>
              <AnswerView item={item} onNavigate={onNavigate} />
            </Box>
          ),
        )}
      </Box>
    </Box>
  );
};
