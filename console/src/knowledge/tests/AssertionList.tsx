import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import { Box, Chip, Stack, Typography } from '@mui/material';
import type { AssertionResult } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { mono } from './format';

/** Each assertion ✓ or ✗; a failed one with why, what was expected against what came, and a schema's differences. */
export function AssertionList({ assertions }: { assertions: AssertionResult[] }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.result.${key}`);
  if (assertions.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {t('no_assertions')}
      </Typography>
    );
  }
  return (
    <Stack spacing={0.75} data-testid="assertion-results">
      {assertions.map((assertion, index) => (
        <Box
          // biome-ignore lint/suspicious/noArrayIndexKey: results have no id; two may share a name
          key={index}
          data-testid="assertion-result"
          data-passed={assertion.passed}
          sx={{
            border: 1,
            borderColor: assertion.passed ? 'divider' : 'error.light',
            bgcolor: assertion.passed ? 'transparent' : 'rgba(240, 68, 56, 0.04)',
            borderRadius: 1,
            px: 1.25,
            py: 0.75,
          }}
        >
          <Stack direction="row" spacing={1} alignItems="center">
            {assertion.passed ? (
              <CheckCircleIcon sx={{ fontSize: 18, color: 'success.main' }} aria-label={t('passed')} />
            ) : (
              <CancelIcon sx={{ fontSize: 18, color: 'error.main' }} aria-label={t('failed')} />
            )}
            <Typography
              variant="body2"
              sx={{ flex: 1, fontWeight: assertion.passed ? 400 : 600, wordBreak: 'break-word' }}
            >
              {assertion.name}
            </Typography>
            {assertion.script && <Chip size="small" variant="outlined" label={assertion.script} />}
          </Stack>
          {!assertion.passed && <Failure assertion={assertion} />}
        </Box>
      ))}
    </Stack>
  );
}

function Failure({ assertion }: { assertion: AssertionResult }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.result.${key}`);
  const compared = assertion.expected !== undefined || assertion.actual !== undefined;
  return (
    <Box sx={{ pl: 3.25, pt: 0.5, display: 'grid', gap: 0.75 }}>
      {assertion.message && (
        <Typography variant="body2" color="error.main" sx={{ wordBreak: 'break-word' }}>
          {assertion.message}
        </Typography>
      )}
      {compared && (
        <Box
          sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' }, gap: 1 }}
          data-testid="assertion-diff"
        >
          <Value label={t('expected')} value={assertion.expected} tone="success" />
          <Value label={t('actual')} value={assertion.actual} tone="error" />
        </Box>
      )}
      {assertion.schemaErrors && assertion.schemaErrors.length > 0 && (
        <Box data-testid="schema-errors">
          <Typography variant="caption" color="text.secondary">
            {t('schema_errors')}
          </Typography>
          <Box component="ul" sx={{ m: 0, mt: 0.25, pl: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
            {assertion.schemaErrors.map((error, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: errors repeat paths
              <Box component="li" key={index} sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                <Box
                  component="code"
                  sx={{ ...mono, fontSize: 12, px: 0.75, borderRadius: 0.5, bgcolor: 'action.hover', flex: 'none' }}
                >
                  {error.path || '$'}
                </Box>
                <Typography variant="body2">{error.message}</Typography>
              </Box>
            ))}
          </Box>
        </Box>
      )}
    </Box>
  );
}

function Value({ label, value, tone }: { label: string; value: string | undefined; tone: 'success' | 'error' }) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography variant="caption" color={`${tone}.main`} sx={{ fontWeight: 600 }}>
        {label}
      </Typography>
      <Box
        component="pre"
        sx={{
          ...mono,
          fontSize: 12,
          m: 0,
          px: 1,
          py: 0.5,
          borderRadius: 0.5,
          borderLeft: 3,
          borderColor: `${tone}.main`,
          bgcolor: 'action.hover',
          whiteSpace: 'pre-wrap',
          wordBreak: 'break-all',
          maxHeight: 160,
          overflow: 'auto',
        }}
      >
        {value === undefined ? '—' : value}
      </Box>
    </Box>
  );
}
