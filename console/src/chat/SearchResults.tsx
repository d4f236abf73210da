import { Box, CircularProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../utils/formatTime';
import { chatApi } from './chatApi';
import { MessageText } from './MessageItem';
import type { ShownMessage } from './messageStore';

const DEBOUNCE_MS = 300;

/** Messages of the conversation containing the keyword, newest first, as the server finds them. */
export const SearchResults = ({
  conversationId,
  keyword,
  me,
  mentionNamesOf,
}: {
  conversationId: string;
  keyword: string;
  me: number;
  mentionNamesOf: (message: ShownMessage) => string[];
}) => {
  const translate = useTranslate();
  const [term, setTerm] = useState(keyword);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(keyword), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [keyword]);
  const { data, isPending } = useQuery({
    queryKey: ['chat', 'search', conversationId, term],
    queryFn: () => chatApi.search(conversationId, term, 1, 50),
  });

  return (
    <Box
      sx={{ flex: 1, overflowY: 'auto', minHeight: 0, px: { xs: 1.5, md: 3 }, py: 2 }}
      data-testid="chat-search-results"
    >
      {isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
          <CircularProgress size={22} />
        </Box>
      ) : !data?.list.length ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 6 }}>
          {translate('app.chat.search_none', { keyword: term })}
        </Typography>
      ) : (
        <>
          <Typography variant="caption" color="text.secondary">
            {translate('app.chat.search_results', { count: data.total })}
          </Typography>
          {data.list.map((message) => (
            <Box
              key={message.messageId}
              sx={{ py: 1.25, borderBottom: 1, borderColor: 'divider' }}
              data-testid="chat-search-result"
            >
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Typography variant="caption" sx={{ fontWeight: 600 }}>
                  {message.senderId === me ? translate('app.chat.you') : message.senderName}
                </Typography>
                <Typography variant="caption" color="text.secondary">
                  {formatMinute(message.createdAt)}
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                <MessageText content={message.content} mentionNames={mentionNamesOf(message)} />
              </Typography>
            </Box>
          ))}
        </>
      )}
    </Box>
  );
};
