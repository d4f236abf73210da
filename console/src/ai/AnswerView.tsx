import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import { Alert, Box, Chip, CircularProgress, IconButton, Tooltip, Typography } from '@mui/material';
import { useLayoutEffect, useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../clipboard/copyText';
import MarkdownView from '../knowledge/workspace/MarkdownView';
import { Citations } from './Citations';
import type { ChatItem } from './conversation';
import { highlightCode } from './highlight';

// GitHub's light colours for highlight.js' classes: the console has one (light) theme
const codeSx = {
  '& pre': { bgcolor: '#f6f8fa', border: 1, borderColor: 'divider' },
  '& .hljs-keyword, & .hljs-meta .hljs-keyword, & .hljs-doctag, & .hljs-template-tag, & .hljs-type': {
    color: '#d73a49',
  },
  '& .hljs-title, & .hljs-title.class_, & .hljs-title.function_': { color: '#6f42c1' },
  '& .hljs-attr, & .hljs-attribute, & .hljs-literal, & .hljs-meta, & .hljs-number, & .hljs-operator, & .hljs-variable, & .hljs-selector-attr, & .hljs-selector-class, & .hljs-selector-id':
    { color: '#005cc5' },
  '& .hljs-regexp, & .hljs-string, & .hljs-meta .hljs-string': { color: '#032f62' },
  '& .hljs-built_in, & .hljs-symbol': { color: '#e36209' },
  '& .hljs-comment, & .hljs-code, & .hljs-formula': { color: '#6a737d' },
  '& .hljs-name, & .hljs-quote, & .hljs-selector-tag, & .hljs-selector-pseudo': { color: '#22863a' },
  '& .hljs-section': { color: '#005cc5', fontWeight: 600 },
  '& table': { display: 'block', overflowX: 'auto', maxWidth: '100%' },
};

/** What the provider is called on screen: 'local' says plainly that no language model answered. */
function providerName(translate: ReturnType<typeof useTranslate>, item: ChatItem) {
  const name = translate(`app.ai.provider.${item.provider}`, { _: item.provider });
  return item.model && item.provider !== 'local' ? `${name} · ${item.model}` : name;
}

/**
 * An answer: markdown (code highlighted, tables), the sources under it, and a footer with its copy button, its
 * state (stopped) and, for an answer streamed here, the provider that gave it.
 */
export const AnswerView = ({ item, onNavigate }: { item: ChatItem; onNavigate: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const body = useRef<HTMLDivElement>(null);
  const streaming = item.outcome === 'streaming';

  // biome-ignore lint/correctness/useExhaustiveDependencies: MarkdownView replaces its HTML when the text changes; colour the blocks again then
  useLayoutEffect(() => highlightCode(body.current), [item.content]);

  const copy = async () => {
    if (await copyText(item.content)) notify('app.ai.copied', { type: 'success' });
    else notify('app.copy.failed', { type: 'error' });
  };

  const failure = item.error
    ? translate('app.ai.question_failed', { code: item.error.code, message: item.error.message })
    : item.outcome === 'failed'
      ? item.content
      : '';

  return (
    <Box data-testid="ai-answer" data-outcome={item.outcome} sx={{ minWidth: 0, flex: 1 }}>
      <Box
        sx={{
          bgcolor: 'background.paper',
          border: 1,
          borderColor: 'divider',
          borderRadius: 2,
          borderTopLeftRadius: 4,
          px: 2,
          py: 1.5,
        }}
      >
        {failure ? (
          <Alert severity="error" variant="outlined" sx={{ border: 0, p: 0 }} data-testid="ai-answer-error">
            {failure}
          </Alert>
        ) : (
          <Box ref={body} data-testid="ai-answer-text">
            {item.content ? (
              <MarkdownView markdown={item.content} sx={codeSx} />
            ) : (
              streaming && (
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'text.secondary', fontSize: 14 }}>
                  <CircularProgress size={14} />
                  {translate('app.ai.thinking')}
                </Box>
              )
            )}
          </Box>
        )}
        {streaming && item.content && <CircularProgress size={12} sx={{ mt: 0.5 }} data-testid="ai-streaming" />}
        <Citations citations={item.citations} onOpen={onNavigate} />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, minHeight: 28 }}>
        {!streaming && !failure && item.content && (
          <Tooltip title={translate('app.ai.copy')}>
            <IconButton size="small" onClick={copy} aria-label={translate('app.ai.copy')}>
              <ContentCopyOutlinedIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
        {item.outcome === 'stopped' && (
          <Chip size="small" variant="outlined" label={translate('app.ai.stopped')} data-testid="ai-stopped" />
        )}
        {item.provider && (
          <Typography variant="caption" color="text.disabled" data-testid="ai-provider">
            {translate('app.ai.answered_by', { provider: providerName(translate, item) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
};
