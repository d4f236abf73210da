import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Box,
  Button,
  Chip,
  Collapse,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ApiDoc } from '../docApi';
import { type SnippetRequest, snippetRequest } from '../workspace/snippets';
import { methodColor } from '../workspace/treeModel';
import { type MockReply, type MockSettings, sendMock } from './mockApi';
import { mockEnvironment } from './mockEnvironment';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

const headersText = (headers: [string, string][]) => headers.map(([name, value]) => `${name}: ${value}`).join('\n');

/** "Name: value" lines back to pairs; a line without a colon is a header with an empty value. */
export function parseHeaderLines(text: string): [string, string][] {
  return text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .map((line) => {
      const at = line.indexOf(':');
      return at < 0 ? [line, ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()];
    });
}

/**
 * The first request the panel offers: the document's snippet request on the mock. A form body becomes its URL-encoded
 * text (files left out: the panel sends text), which the mock reads field by field.
 */
export function tryRequest(request: SnippetRequest): { headers: [string, string][]; body: string | null } {
  if (!request.form) return { headers: request.headers, body: request.body };
  const form = new URLSearchParams(request.form.filter((f) => !f.file).map((f) => [f.name, f.value]));
  const headers = request.headers.filter(([name]) => name.toLowerCase() !== 'content-type');
  return { headers: [...headers, ['Content-Type', 'application/x-www-form-urlencoded']], body: form.toString() };
}

const statusColor = (status: number) =>
  status >= 200 && status < 300 ? 'success' : status >= 400 || status === 0 ? 'error' : 'warning';

/** Calls the project's mock for this document as written (examples filled in) and shows what it answered. */
export function TryPanel({ api, projectId, settings }: { api: ApiDoc; projectId: number; settings: MockSettings }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.mock.try.${key}`, options);
  const initial = useMemo(() => snippetRequest(api, mockEnvironment(projectId, settings)), [api, projectId, settings]);
  const [url, setUrl] = useState(initial.url);
  const first = useMemo(() => tryRequest(initial), [initial]);
  const [headers, setHeaders] = useState(() => headersText(first.headers));
  const [body, setBody] = useState(first.body ?? '');
  const [reply, setReply] = useState<MockReply | null>(null);
  const [sending, setSending] = useState(false);
  const [showHeaders, setShowHeaders] = useState(false);
  const withBody = !['GET', 'HEAD', 'OPTIONS'].includes(initial.method);

  const send = async () => {
    setSending(true);
    try {
      setReply(
        await sendMock({
          method: initial.method,
          url,
          headers: parseHeaderLines(headers),
          body: withBody ? body : null,
        }),
      );
    } finally {
      setSending(false);
    }
  };

  return (
    <Box data-testid="mock-try" sx={{ display: 'grid', gap: 1.5 }}>
      {settings.access === 'token' && !settings.token && <Alert severity="info">{t('no_token')}</Alert>}
      <Stack direction="row" spacing={1} alignItems="center">
        <Box
          component="span"
          sx={{
            px: 1,
            py: 0.5,
            borderRadius: 0.75,
            color: '#fff',
            fontWeight: 700,
            fontSize: 13,
            bgcolor: methodColor(initial.method),
          }}
        >
          {initial.method}
        </Box>
        <TextField
          size="small"
          fullWidth
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !sending) void send();
          }}
          slotProps={{ htmlInput: { 'aria-label': t('url'), spellCheck: false } }}
          sx={{ '& input': mono }}
        />
        <Button
          variant="contained"
          startIcon={<SendIcon />}
          onClick={send}
          disabled={sending}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
        >
          {sending ? t('sending') : t('send')}
        </Button>
      </Stack>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: withBody ? { xs: '1fr', md: '1fr 1fr' } : '1fr' }}>
        <TextField
          label={t('headers')}
          multiline
          minRows={2}
          maxRows={8}
          value={headers}
          placeholder={t('headers_hint')}
          onChange={(event) => setHeaders(event.target.value)}
          slotProps={{ htmlInput: { spellCheck: false } }}
          sx={{ '& textarea': mono }}
        />
        {withBody && (
          <TextField
            label={t('body')}
            multiline
            minRows={2}
            maxRows={12}
            value={body}
            onChange={(event) => setBody(event.target.value)}
            slotProps={{ htmlInput: { spellCheck: false } }}
            sx={{ '& textarea': mono }}
          />
        )}
      </Box>
      {reply ? (
        <Box data-testid="mock-reply" data-status={reply.status}>
          <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap" useFlexGap sx={{ mb: 1 }}>
            <Typography variant="caption" color="text.secondary">
              {t('status')}
            </Typography>
            <Chip
              size="small"
              color={statusColor(reply.status)}
              label={reply.status ? `${reply.status} ${reply.statusText}`.trim() : t('errors.network')}
              data-testid="mock-reply-status"
            />
            <Typography variant="caption" color="text.secondary">
              {t('time')}
            </Typography>
            <Chip size="small" variant="outlined" label={t('time_ms', { ms: reply.ms })} />
            {reply.source && (
              <Chip
                size="small"
                variant="outlined"
                color="info"
                label={`${t('source')}：${t(`sources.${reply.source}`, { _: reply.source })}`}
              />
            )}
            {reply.error && reply.error !== 'network' && (
              <Chip
                size="small"
                variant="outlined"
                color="error"
                label={t(`errors.${reply.error}`, { _: reply.error })}
              />
            )}
            <Box sx={{ flex: 1 }} />
            <Button size="small" onClick={() => setShowHeaders((open) => !open)} disabled={!reply.headers.length}>
              {t('response_headers')} ({reply.headers.length})
            </Button>
          </Stack>
          <Collapse in={showHeaders} unmountOnExit>
            <Table size="small" sx={{ mb: 1, '& td': { ...mono, py: 0.25 } }}>
              <TableBody>
                {reply.headers.map(([name, value]) => (
                  <TableRow key={name}>
                    <TableCell sx={{ width: 220, color: 'text.secondary' }}>{name}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Collapse>
          <Box
            component="pre"
            data-testid="mock-reply-body"
            aria-label={t('response_body')}
            sx={{
              ...mono,
              m: 0,
              p: 1.5,
              maxHeight: 420,
              overflow: 'auto',
              bgcolor: '#1e2430',
              color: '#e6e9ef',
              borderRadius: 1,
              lineHeight: 1.6,
            }}
          >
            {reply.pretty}
          </Box>
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {t('empty')}
        </Typography>
      )}
    </Box>
  );
}
