import SmartToyOutlinedIcon from '@mui/icons-material/SmartToyOutlined';
import { Avatar, Box, Typography } from '@mui/material';
import type { AskFrame } from '@pmbok/api-types';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { AskBox } from './AskBox';
import { MessageList } from './MessageList';
import { Suggestions } from './Suggestions';
import { useConversation } from './useConversation';

/** SPEC §9: a picked suggestion is asked 500 ms after it is put in the box. */
export const SUGGESTION_DELAY_MS = 500;

interface ConversationPaneProps {
  groupId: number;
  onSaved: (frame: AskFrame, question: string) => void;
  onStreaming: (streaming: boolean) => void;
  onNavigate: () => void;
  /** 猜你想问: drawn once for the dialog, not per group. */
  suggestions: { list: string[]; next: () => void };
}

const Welcome = () => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', mb: 3 }}>
      <Avatar sx={{ width: 48, height: 48, bgcolor: 'primary.main' }}>
        <SmartToyOutlinedIcon />
      </Avatar>
      <Box>
        <Typography variant="h6" sx={{ fontWeight: 600 }}>
          {translate('app.ai.welcome_title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {translate('app.ai.welcome_text')}
        </Typography>
      </Box>
    </Box>
  );
};

/** One group's messages, the suggestions and the question box. Remounted per group (its key). */
export const ConversationPane = ({ groupId, onSaved, onStreaming, onNavigate, suggestions }: ConversationPaneProps) => {
  const conversation = useConversation(groupId, onSaved);
  const [text, setText] = useState('');
  const pick = useRef<ReturnType<typeof setTimeout>>(undefined);
  const streaming = conversation.status === 'ttsing';
  const { send } = conversation;

  useEffect(() => onStreaming(streaming), [streaming, onStreaming]);
  useEffect(() => () => clearTimeout(pick.current), []);

  const ask = async (question: string) => {
    clearTimeout(pick.current);
    const previous = text;
    setText('');
    const result = await send(question);
    // a refused or empty question stays in the box to be corrected
    if (result === 'refused' || result === 'invalid' || result === 'busy') setText(previous || question);
  };
  const onPick = (question: string) => {
    setText(question);
    clearTimeout(pick.current);
    pick.current = setTimeout(() => void ask(question), SUGGESTION_DELAY_MS);
  };
  const empty = conversation.items.length === 0;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }}>
      <MessageList
        items={conversation.items}
        hasNextPage={conversation.hasNextPage}
        page={conversation.page}
        loading={conversation.loading}
        loadOlder={conversation.loadOlder}
        onNavigate={onNavigate}
        empty={
          <Box sx={{ pt: { xs: 2, md: 6 } }} data-testid="ai-empty">
            <Welcome />
            <Suggestions
              list={suggestions.list}
              onNext={suggestions.next}
              onPick={onPick}
              disabled={streaming}
              variant="cards"
            />
          </Box>
        }
      />
      <Box
        sx={{
          maxWidth: 880,
          width: '100%',
          mx: 'auto',
          px: { xs: 2, md: 4 },
          pb: 2,
          pt: 1,
          display: 'grid',
          gridTemplateColumns: 'minmax(0, 1fr)',
          gap: 1,
        }}
      >
        {!empty && (
          <Suggestions
            list={suggestions.list}
            onNext={suggestions.next}
            onPick={onPick}
            disabled={streaming}
            variant="chips"
          />
        )}
        <AskBox
          value={text}
          onChange={setText}
          onAsk={() => void ask(text)}
          onStop={conversation.stop}
          streaming={streaming}
        />
      </Box>
    </Box>
  );
};
