import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import {
  Alert,
  Box,
  Button,
  Chip,
  LinearProgress,
  Link,
  MenuItem,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { docKeys } from '../docApi';
import { projectPath } from '../ProjectNav';
import CompareIssueTable from './CompareIssueTable';
import { fixesToApply, ISSUE_KINDS, issuesOfKind } from './fieldModel';
import {
  type Convention,
  type FieldCompareReport,
  type FieldCompareUpdateResult,
  type FieldFix,
  type FieldIssueKind,
  fieldCompare,
  fieldCompareUpdate,
} from './fieldsApi';

const CONVENTIONS: Convention[] = ['auto', 'camelCase', 'snake_case', 'none'];
const DEFAULT_MIN_USES = 3;

/**
 * The comparison tab: check the project's documents against the libraries, read the issues by kind, tick the fixes
 * and apply them as one change (which the history reverts as one); the report is read again after applying.
 */
export default function FieldComparePanel({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.field.compare.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [convention, setConvention] = useState<Convention>('auto');
  const [minUses, setMinUses] = useState(String(DEFAULT_MIN_USES));
  const [report, setReport] = useState<FieldCompareReport | null>(null);
  const [kind, setKind] = useState<FieldIssueKind | ''>('');
  const [picked, setPicked] = useState<Map<string, FieldFix>>(new Map());
  const [applied, setApplied] = useState<FieldCompareUpdateResult | null>(null);
  const [busy, setBusy] = useState<'compare' | 'apply' | null>(null);

  const compare = async () => {
    setBusy('compare');
    try {
      const uses = Math.round(Number(minUses));
      setReport(
        await fieldCompare(projectId, convention, Number.isFinite(uses) && uses >= 2 ? uses : DEFAULT_MIN_USES),
      );
      setPicked(new Map());
      return true;
    } catch {
      return false;
    } finally {
      setBusy(null);
    }
  };
  const apply = async () => {
    if (!report) return;
    setBusy('apply');
    try {
      const result = await fieldCompareUpdate(projectId, report.reportHash, fixesToApply(report.issues, picked));
      setApplied(result);
      notify(t('applied', { docs: result.docsChanged, fields: result.fieldsFixed, added: result.fieldsAdded }), {
        type: 'success',
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: docKeys.project(projectId) }),
        queryClient.invalidateQueries({ queryKey: ['knowledgeFields.project'] }),
      ]);
    } catch {
      // the request client showed why (a stale report: 文档已变化，请重新比对)
    } finally {
      setBusy(null);
    }
    await compare();
  };
  const pick = (changes: [issue: { issueId: string }, fix: FieldFix | null][]) => {
    const next = new Map(picked);
    for (const [issue, fix] of changes) {
      if (fix) next.set(issue.issueId, fix);
      else next.delete(issue.issueId);
    }
    setPicked(next);
  };
  const shown = report ? issuesOfKind(report.issues, kind) : [];

  return (
    <Stack spacing={2} data-testid="field-compare">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
          <TextField
            select
            size="small"
            fullWidth={false}
            label={t('convention')}
            value={convention}
            onChange={(event) => setConvention(event.target.value as Convention)}
            sx={{ minWidth: 220 }}
          >
            {CONVENTIONS.map((option) => (
              <MenuItem key={option} value={option}>
                {t(`conventions.${option}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            fullWidth={false}
            type="number"
            label={t('min_uses')}
            value={minUses}
            onChange={(event) => setMinUses(event.target.value)}
            slotProps={{ htmlInput: { min: 2, max: 1000 } }}
            sx={{ width: 200 }}
          />
          <Button variant="contained" startIcon={<PlayArrowIcon />} onClick={compare} disabled={busy !== null}>
            {busy === 'compare' ? t('running') : report ? t('again') : t('start')}
          </Button>
        </Box>
        {!canWrite && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('read_only')}
          </Alert>
        )}
      </Paper>
      {busy && <LinearProgress />}
      {applied && (
        <Alert
          severity="success"
          data-testid="compare-applied"
          onClose={() => setApplied(null)}
          action={
            <Link component={RouterLink} to={projectPath('history', projectId)} sx={{ whiteSpace: 'nowrap', mt: 0.75 }}>
              {t('to_history')}
            </Link>
          }
        >
          {t('applied', { docs: applied.docsChanged, fields: applied.fieldsFixed, added: applied.fieldsAdded })}
          {applied.skipped.length > 0 && (
            <Box sx={{ mt: 0.5 }}>
              {t('applied_skipped', { smart_count: applied.skipped.length })}{' '}
              {applied.skipped.map((skip) => skip.msg).join('；')}
            </Box>
          )}
        </Alert>
      )}
      {!report ? (
        <Typography color="text.secondary" sx={{ textAlign: 'center', py: 4 }}>
          {t('not_run')}
        </Typography>
      ) : (
        <Paper variant="outlined" sx={{ p: 2 }}>
          <Typography variant="body2" sx={{ mb: 1.5 }} data-testid="compare-summary">
            {t('summary', {
              docs: report.checkedDocs,
              fields: report.checkedFields,
              library: report.libraryFields,
              convention: t(`conventions.${report.convention}`),
            })}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', mb: 2 }} role="group" aria-label={t('col.kind')}>
            <Chip
              label={`${t('all_kinds')} ${report.issues.length}`}
              color={kind === '' ? 'primary' : 'default'}
              onClick={() => setKind('')}
            />
            {ISSUE_KINDS.map((option) => (
              <Chip
                key={option}
                label={`${t(`kinds.${option}`)} ${report.counts[option]}`}
                color={kind === option ? 'primary' : 'default'}
                variant={report.counts[option] ? 'filled' : 'outlined'}
                disabled={!report.counts[option]}
                onClick={() => setKind(option)}
                data-testid={`compare-count-${option}`}
              />
            ))}
          </Box>
          {report.issues.length === 0 ? (
            <Alert severity="success">{t('clean')}</Alert>
          ) : (
            <>
              <CompareIssueTable
                projectId={projectId}
                issues={shown}
                picked={picked}
                canWrite={canWrite}
                onPick={pick}
              />
              {canWrite && (
                <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
                  <Button variant="contained" color="warning" disabled={!picked.size || busy !== null} onClick={apply}>
                    {busy === 'apply' ? t('applying') : t('apply', { smart_count: picked.size })}
                  </Button>
                </Box>
              )}
            </>
          )}
        </Paper>
      )}
    </Stack>
  );
}
