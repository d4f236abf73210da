import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Alert, Box, Chip, Stack, Tab, Table, TableBody, TableCell, TableRow, Tabs, Typography } from '@mui/material';
import type { RequestResult } from '@pmbok/runner';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MethodTag } from '../workspace/DocTree';
import { AssertionList } from './AssertionList';
import { formatBytes, formatDuration, mono, prettyText } from './format';

const statusColor = (status: number) =>
  status >= 200 && status < 300 ? 'success' : status >= 400 || status === 0 ? 'error' : 'warning';

/** One line for a request's result: ✓/✗, method, name, status, time and the assertions passed. */
export function ResultHeader({ result }: { result: RequestResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.result.${key}`, options);
  const passed = result.assertions.filter((a) => a.passed).length;
  const response = result.response;
  return (
    <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0, flex: 1 }}>
      {result.passed ? (
        <CheckCircleIcon sx={{ fontSize: 20, color: 'success.main' }} aria-label={t('passed')} />
      ) : (
        <CancelIcon sx={{ fontSize: 20, color: 'error.main' }} aria-label={t('failed')} />
      )}
      <MethodTag method={result.request?.method ?? 'GET'} width={40} />
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Typography variant="body2" noWrap sx={{ fontWeight: 600 }}>
          {result.name}
        </Typography>
        {result.request && (
          <Typography variant="caption" color="text.secondary" noWrap component="div" sx={{ fontFamily: 'monospace' }}>
            {result.request.url}
          </Typography>
        )}
      </Box>
      {response ? (
        <Chip size="small" color={statusColor(response.status)} label={response.status} sx={{ fontWeight: 600 }} />
      ) : (
        result.error && <Chip size="small" color="error" variant="outlined" label={t(`errors.${result.error.kind}`)} />
      )}
      <Typography variant="caption" color="text.secondary" sx={{ width: 64, textAlign: 'right', flex: 'none' }}>
        {formatDuration(response?.timings.totalMs ?? result.durationMs)}
      </Typography>
      <Chip
        size="small"
        variant="outlined"
        color={passed === result.assertions.length ? 'default' : 'error'}
        label={t('assertions_count', { passed, total: result.assertions.length })}
        sx={{ flex: 'none' }}
      />
    </Stack>
  );
}

/** What a request's result holds: failures first, then the response, the request sent and the scripts' output. */
export function ResultBody({ result }: { result: RequestResult }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.result.${key}`, options);
  const [tab, setTab] = useState<'body' | 'headers' | 'request' | 'console'>('body');
  const response = result.response;
  const scriptErrors = result.scripts.filter((s) => s.error);
  const lines = result.scripts.flatMap((s) => s.console.map((line) => ({ ...line, script: s.name })));

  return (
    <Stack spacing={1.5} data-testid="request-result" data-passed={result.passed}>
      {result.error && (
        <Alert severity="error" data-testid="request-error">
          {t('request_error', { kind: t(`errors.${result.error.kind}`), message: result.error.message })}
        </Alert>
      )}
      {result.unresolved && result.unresolved.length > 0 && (
        <Alert severity="warning" data-testid="unresolved">
          {t('unresolved', { names: result.unresolved.map((name) => `{{${name}}}`).join(t('separator')) })}
        </Alert>
      )}
      {scriptErrors.map((script) => (
        <Alert severity="error" key={`${script.phase}-${script.name}`} data-testid="script-error">
          {script.error?.line !== undefined
            ? t('script_error_at', {
                script: script.name,
                line: script.error.line,
                column: script.error.column ?? 0,
                message: script.error.message,
              })
            : t('script_error', { script: script.name, message: script.error?.message ?? '' })}
        </Alert>
      ))}
      {response && (
        <Stack direction="row" spacing={2} sx={{ color: 'text.secondary', fontSize: 13 }} data-testid="response-meta">
          <span>
            {t('status')}{' '}
            <Box component="strong" sx={{ color: `${statusColor(response.status)}.main` }}>
              {response.status} {response.statusText}
            </Box>
          </span>
          <span>
            {t('time')} <strong>{formatDuration(response.timings.totalMs)}</strong>
          </span>
          <span>
            {t('size')} <strong>{formatBytes(response.size)}</strong>
          </span>
        </Stack>
      )}
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.75 }}>
          {t('assertions')}
        </Typography>
        <AssertionList assertions={result.assertions} />
      </Box>
      {result.extracted && result.extracted.length > 0 && (
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {t('extracted')}
          </Typography>
          <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap>
            {result.extracted.map((x) => (
              <Chip key={x.variable} size="small" variant="outlined" label={`${x.variable} = ${x.value}`} sx={mono} />
            ))}
          </Stack>
        </Box>
      )}
      <Box>
        <Tabs
          value={tab}
          onChange={(_e, next) => setTab(next)}
          sx={{ minHeight: 36, borderBottom: 1, borderColor: 'divider' }}
        >
          {(['body', 'headers', 'request', 'console'] as const).map((key) => (
            <Tab
              key={key}
              value={key}
              sx={{ minHeight: 36, py: 0.5 }}
              label={
                key === 'headers' && response
                  ? `${t(`tabs.${key}`)} (${response.headers.length})`
                  : key === 'console' && lines.length
                    ? `${t(`tabs.${key}`)} (${lines.length})`
                    : t(`tabs.${key}`)
              }
            />
          ))}
        </Tabs>
        <Box sx={{ pt: 1 }}>
          {tab === 'body' &&
            (response ? (
              <>
                {response.bodyTruncated && (
                  <Alert severity="info" sx={{ mb: 1 }}>
                    {t('body_truncated')}
                  </Alert>
                )}
                <Code label={t('tabs.body')} testId="response-body">
                  {response.bodyEncoding === 'base64'
                    ? `${t('base64')}\n${response.body}`
                    : prettyText(response.body) || t('no_body')}
                </Code>
              </>
            ) : (
              <Typography variant="body2" color="text.secondary">
                {t('no_response')}
              </Typography>
            ))}
          {tab === 'headers' && <Headers headers={response?.headers ?? []} />}
          {tab === 'request' && result.request && (
            <Stack spacing={1}>
              <Typography sx={{ ...mono, wordBreak: 'break-all' }}>
                <strong>{result.request.method}</strong> {result.request.url}
              </Typography>
              <Headers headers={result.request.headers} />
              {result.request.body && <Code label={t('tabs.request')}>{prettyText(result.request.body)}</Code>}
            </Stack>
          )}
          {tab === 'console' && <Console lines={lines} truncated={result.scripts.some((s) => s.consoleTruncated)} />}
        </Box>
      </Box>
    </Stack>
  );
}

function Code({ children, label, testId }: { children: string; label: string; testId?: string }) {
  return (
    <Box
      component="pre"
      aria-label={label}
      data-testid={testId}
      sx={{
        ...mono,
        m: 0,
        p: 1.5,
        maxHeight: 360,
        overflow: 'auto',
        bgcolor: '#1e2430',
        color: '#e6e9ef',
        borderRadius: 1,
        lineHeight: 1.6,
        whiteSpace: 'pre-wrap',
        wordBreak: 'break-all',
      }}
    >
      {children}
    </Box>
  );
}

function Headers({ headers }: { headers: [string, string][] }) {
  return (
    <Table size="small" sx={{ '& td': { ...mono, fontSize: 12, py: 0.25 } }}>
      <TableBody>
        {headers.map(([name, value], index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a header may repeat (Set-Cookie)
          <TableRow key={index}>
            <TableCell sx={{ width: 220, color: 'text.secondary', verticalAlign: 'top' }}>{name}</TableCell>
            <TableCell sx={{ wordBreak: 'break-all' }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const LEVEL_COLORS: Record<string, string> = { warn: 'warning.main', error: 'error.main', info: 'info.main' };

function Console({
  lines,
  truncated,
}: {
  lines: { level: string; text: string; script: string }[];
  truncated: boolean;
}) {
  const translate = useTranslate();
  if (lines.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('app.knowledge.tests.result.console_empty')}
      </Typography>
    );
  }
  return (
    <Box
      data-testid="script-console"
      sx={{ ...mono, fontSize: 12, display: 'grid', gap: 0.25, maxHeight: 300, overflow: 'auto' }}
    >
      {lines.map((line, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: console lines repeat
        <Box key={index} sx={{ display: 'flex', gap: 1, color: LEVEL_COLORS[line.level] ?? 'text.primary' }}>
          <Box component="span" sx={{ color: 'text.secondary', flex: 'none' }}>
            [{line.script}]
          </Box>
          <Box component="span" sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {line.text}
          </Box>
        </Box>
      ))}
      {truncated && (
        <Typography variant="caption" color="warning.main">
          {translate('app.knowledge.tests.result.console_truncated')}
        </Typography>
      )}
    </Box>
  );
}
