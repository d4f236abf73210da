import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import LaunchIcon from '@mui/icons-material/Launch';
import {
  Accordion,
  AccordionDetails,
  AccordionSummary,
  Box,
  Chip,
  IconButton,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material';
import type { RequestResult, RunSummary } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { formatDuration } from './format';
import { ResultBody, ResultHeader } from './RequestResultView';
import { byIteration, caseIdOf, type RunView } from './runProgress';

/** The report's figures: requests, assertions passed and failed, script errors, time. */
export function SummaryCards({ counts }: { counts: RunSummary }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.run.summary.${key}`, options);
  const cards: { key: string; value: string; note?: string; tone?: string }[] = [
    {
      key: 'requests',
      value: String(counts.requests),
      note: counts.failedRequests ? t('failed_requests', { n: counts.failedRequests }) : undefined,
      tone: counts.failedRequests ? 'error.main' : undefined,
    },
    {
      key: 'assertions',
      value: String(counts.assertions),
      note: t('passed_failed', {
        passed: counts.assertions - counts.failedAssertions,
        failed: counts.failedAssertions,
      }),
      tone: counts.failedAssertions ? 'error.main' : counts.assertions ? 'success.main' : undefined,
    },
    {
      key: 'script_errors',
      value: String(counts.scriptErrors),
      tone: counts.scriptErrors ? 'warning.main' : undefined,
    },
    { key: 'duration', value: formatDuration(counts.durationMs) },
  ];
  return (
    <Box
      sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr 1fr', md: 'repeat(4, 1fr)' } }}
      data-testid="run-summary"
    >
      {cards.map((card) => (
        <Box
          key={card.key}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, px: 2, py: 1.25 }}
          data-card={card.key}
        >
          <Typography variant="caption" color="text.secondary">
            {t(card.key)}
          </Typography>
          <Typography variant="h5" sx={{ fontWeight: 600, color: card.tone, lineHeight: 1.3 }}>
            {card.value}
          </Typography>
          {card.note && (
            <Typography variant="caption" sx={{ color: card.tone ?? 'text.secondary' }}>
              {card.note}
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}

/** The results by iteration and step; failed requests open, the rest a line each. */
export function ResultGroups({ view, onOpenCase }: { view: RunView; onOpenCase(testCaseId: number): void }) {
  const translate = useTranslate();
  const groups = byIteration(view.results);
  const several = view.iterations > 1 || groups.length > 1;
  if (groups.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 2 }}>
        {translate(
          view.status === 'running' ? 'app.knowledge.tests.result.waiting' : 'app.knowledge.tests.run.no_results',
        )}
      </Typography>
    );
  }
  return (
    <Stack spacing={2} data-testid="run-results">
      {groups.map((group) => {
        const failed = group.results.filter((r) => !r.passed).length;
        return (
          <Box key={group.iteration} data-testid="run-iteration" data-iteration={group.iteration + 1}>
            {several && (
              <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 1 }}>
                <Typography variant="subtitle2">
                  {translate('app.knowledge.tests.run.iteration_title', { n: group.iteration + 1 })}
                </Typography>
                <Chip
                  size="small"
                  variant="outlined"
                  color={failed ? 'error' : 'success'}
                  label={`${group.results.length - failed}/${group.results.length}`}
                />
              </Stack>
            )}
            <Box>
              {group.results.map((result) => (
                <ResultItem key={`${result.stepPath}-${result.startedAt}`} result={result} onOpenCase={onOpenCase} />
              ))}
            </Box>
          </Box>
        );
      })}
    </Stack>
  );
}

function ResultItem({ result, onOpenCase }: { result: RequestResult; onOpenCase(testCaseId: number): void }) {
  const translate = useTranslate();
  const caseId = caseIdOf(result);
  return (
    <Accordion
      defaultExpanded={!result.passed}
      disableGutters
      variant="outlined"
      slotProps={{ transition: { unmountOnExit: true } }}
      data-testid="run-result"
      data-passed={result.passed}
      data-name={result.name}
      sx={{ '&:not(:last-of-type)': { borderBottom: 0 }, '&::before': { display: 'none' } }}
    >
      <AccordionSummary
        expandIcon={<ExpandMoreIcon />}
        sx={{ minHeight: 48, '& .MuiAccordionSummary-content': { my: 0.75, minWidth: 0 } }}
      >
        <ResultHeader result={result} />
        {caseId > 0 && (
          <Tooltip title={translate('app.knowledge.tests.result.open_case')}>
            <IconButton
              size="small"
              component="span"
              aria-label={translate('app.knowledge.tests.result.open_case')}
              data-testid="open-case"
              onClick={(event) => {
                event.stopPropagation();
                onOpenCase(caseId);
              }}
              sx={{ ml: 0.5 }}
            >
              <LaunchIcon sx={{ fontSize: 16 }} />
            </IconButton>
          </Tooltip>
        )}
      </AccordionSummary>
      <AccordionDetails sx={{ borderTop: 1, borderColor: 'divider', pt: 1.5 }}>
        <ResultBody result={result} />
      </AccordionDetails>
    </Accordion>
  );
}
