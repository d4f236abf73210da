import ContentCopyOutlinedIcon from '@mui/icons-material/ContentCopyOutlined';
import { Alert, alpha, Box, Chip, CircularProgress, IconButton, type Theme, Tooltip, Typography } from '@mui/material';
import { type MouseEvent, useLayoutEffect, useRef } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { copyText } from '../clipboard/copyText';
import MarkdownView from '../knowledge/workspace/MarkdownView';
import { Citations } from './Citations';
import { linkCitationMarks } from './citationMarks';
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
  // a citation mark ([1]) as a small numbered badge that opens the source
  '& a.ai-cite': {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    minWidth: 16,
    height: 16,
    px: 0.5,
    mx: 0.25,
    borderRadius: 8,
    fontSize: 11,
    fontWeight: 600,
    lineHeight: 1,
    verticalAlign: 'text-top',
    textDecoration: 'none',
    bgcolor: (theme: Theme) => alpha(theme.palette.primary.main, 0.12),
    color: 'primary.main',
    '&:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
  },
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
  const navigate = useNavigate();
  const body = useRef<HTMLDivElement>(null);
  const streaming = item.outcome === 'streaming';

  // biome-ignore lint/correctness/useExhaustiveDependencies: MarkdownView replaces its HTML when the text changes; colour the blocks again then
  useLayoutEffect(() => {
    highlightCode(body.current);
    linkCitationMarks(body.current, item.citations);
  }, [item.content, item.citations]);

  const openMark = (event: MouseEvent) => {
    const mark = (event.target as HTMLElement).closest<HTMLAnchorElement>('a.ai-cite');
    if (!mark?.dataset.route) return;
    event.preventDefault();
    navigate(mark.dataset.route);
    onNavigate();
  };

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
          <Box ref={body} onClick={openMark} data-testid="ai-answer-text">
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
        {/* a failed answer answered nothing: its passages are not its sources */}
        {!failure && <Citations citations={item.citations} onOpen={onNavigate} />}
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
          <Typography variant="caption" color="text.secondary" data-testid="ai-provider">
            {translate('app.ai.answered_by', { provider: providerName(translate, item) })}
          </Typography>
        )}
      </Box>
    </Box>
  );
};
