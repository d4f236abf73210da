import { Alert, Box, LinearProgress, Pagination, Paper, Stack, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { formatMinute, parseDay } from '../../../utils/formatTime';
import {
  type HistoryEntry,
  type HistoryFilter,
  history,
  publishingKeys,
  restoreDoc,
  revertChange,
} from '../publishingApi';
import TeamProjectPage from '../TeamProjectPage';
import { useProjectRole, usePublishingChange } from '../versions/usePublishingChange';
import HistoryEntryItem from './HistoryEntryItem';
import HistoryFilters, { type HistoryFilterValues } from './HistoryFilters';

const PAGE_SIZE = 20;

/** /project/history/:projectId: the project's timeline from its log, filtered, with restore and revert. */
const HistoryPage = () => (
  <TeamProjectPage notice="app.knowledge.history.local" testId="history-local">
    {(projectId) => <History projectId={projectId} />}
  </TeamProjectPage>
);

/** The address's filters (?user=&node=&from=&to=&page=) and the same as the call's body. */
function useFilterParams() {
  const [params, setParams] = useSearchParams();
  const values: HistoryFilterValues = {
    userId: Number(params.get('user')) || 0,
    projectStructureId: Number(params.get('node')) || 0,
    fromDay: params.get('from') ?? '',
    toDay: params.get('to') ?? '',
  };
  const page = Math.max(1, Number(params.get('page')) || 1);
  const set = (next: HistoryFilterValues, nextPage = 1) => {
    const entries: [string, string][] = [
      ['user', next.userId ? String(next.userId) : ''],
      ['node', next.projectStructureId ? String(next.projectStructureId) : ''],
      ['from', next.fromDay],
      ['to', next.toDay],
      ['page', nextPage > 1 ? String(nextPage) : ''],
    ];
    setParams(
      entries.filter(([, value]) => value),
      { replace: true },
    );
  };
  const filter: HistoryFilter = {
    userId: values.userId || undefined,
    projectStructureId: values.projectStructureId || undefined,
    from: parseDay(values.fromDay) || undefined,
    to: parseDay(values.toDay, true) || undefined,
    page,
    pageSize: PAGE_SIZE,
  };
  return { values, page, set, filter };
}

type Pending = { kind: 'restore' | 'revert'; entry: HistoryEntry };

function History({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.history.${key}`, options);
  const { values, page, set, filter } = useFilterParams();
  const role = useProjectRole(projectId);
  const change = usePublishingChange(projectId);
  const [pending, setPending] = useState<Pending | null>(null);
  const badRange = !!values.fromDay && !!values.toDay && values.toDay < values.fromDay;
  const { data, error, isPending, isFetching } = useQuery({
    queryKey: publishingKeys.history(projectId, filter),
    queryFn: () => history(projectId, filter),
    enabled: !badRange,
    retry: false,
    placeholderData: keepPreviousData,
  });

  const confirm = async () => {
    if (!pending) return;
    const { entry } = pending;
    if (pending.kind === 'restore') {
      await change.run(
        () => restoreDoc(projectId, entry.projectStructureId, entry.entryId),
        () => ['app.knowledge.history.restored'],
      );
    } else {
      await change.run(
        () => revertChange(projectId, entry.changeId),
        (result) => ['app.knowledge.history.reverted', { smart_count: result.restored }],
      );
    }
    setPending(null);
  };

  if (role.error) return <Alert severity="warning">{t('refused')}</Alert>;
  const list = data?.list ?? [];

  return (
    <Stack spacing={2} data-testid="history-page">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h6" component="h1">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {t('subtitle')}
        </Typography>
        <HistoryFilters projectId={projectId} value={values} onChange={(next) => set(next)} />
        {!role.isPending && !role.canWrite && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('read_only')}
          </Alert>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        {isFetching && <LinearProgress sx={{ mb: 1 }} />}
        {error ? (
          <Alert severity="warning">{error.message}</Alert>
        ) : isPending && !badRange ? null : list.length === 0 ? (
          <Box sx={{ py: 4, textAlign: 'center' }} data-testid="history-empty">
            <Typography fontWeight={600}>{t('empty')}</Typography>
            <Typography color="text.secondary">{t('empty_hint')}</Typography>
          </Box>
        ) : (
          <>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="history-count">
              {t('count', { smart_count: data?.count ?? 0 })}
            </Typography>
            <Box component="ol" sx={{ listStyle: 'none', m: 0, p: 0 }} aria-label={t('title')}>
              {list.map((entry, index) => (
                <HistoryEntryItem
                  key={entry.entryId}
                  entry={entry}
                  sameChangeAsPrevious={index > 0 && list[index - 1]?.changeId === entry.changeId}
                  canWrite={role.canWrite}
                  filteredByDoc={values.projectStructureId > 0}
                  onRestore={(target) => setPending({ kind: 'restore', entry: target })}
                  onRevert={(target) => setPending({ kind: 'revert', entry: target })}
                  onOnlyDoc={(target) => set({ ...values, projectStructureId: target.projectStructureId })}
                />
              ))}
            </Box>
            {(data?.pages ?? 0) > 1 && (
              <Pagination
                sx={{ display: 'flex', justifyContent: 'flex-end' }}
                count={data?.pages ?? 1}
                page={page}
                onChange={(_, next) => set(values, next)}
              />
            )}
          </>
        )}
      </Paper>

      <Confirm
        isOpen={!!pending}
        loading={change.busy}
        title={t(pending?.kind === 'revert' ? 'revert_title' : 'restore_title')}
        content={t(pending?.kind === 'revert' ? 'revert_confirm' : 'restore_confirm', {
          name: pending?.entry.name ?? '',
          time: formatMinute(pending?.entry.at ?? 0),
          summary: pending?.entry.summary ?? '',
        })}
        confirm={t(pending?.kind === 'revert' ? 'revert' : 'restore')}
        confirmColor={pending?.kind === 'revert' ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
    </Stack>
  );
}

export default HistoryPage;
