import { Box, Chip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { homeApi, homeKeys, type KindCount } from './homeApi';
import { Loadable, Section } from './Section';

interface Tile {
  label: string;
  value: number;
  tone?: 'error' | 'success' | 'primary';
  to?: string;
  testId: string;
}

const TileBox = ({ tile }: { tile: Tile }) => {
  const translate = useTranslate();
  const body = (
    <>
      <Typography
        variant="h5"
        component="span"
        sx={{
          display: 'block',
          fontWeight: 600,
          color: tile.value && tile.tone ? `${tile.tone}.main` : 'text.primary',
        }}
      >
        {tile.value}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {translate(tile.label)}
      </Typography>
    </>
  );
  const sx = {
    p: 1.5,
    borderRadius: 1,
    bgcolor: 'action.hover',
    textDecoration: 'none',
    color: 'inherit',
    display: 'block',
  } as const;
  return tile.to ? (
    <Box component={RouterLink} to={tile.to} sx={sx} data-testid={tile.testId}>
      {body}
    </Box>
  ) : (
    <Box sx={sx} data-testid={tile.testId}>
      {body}
    </Box>
  );
};

const kindCount = (counts: KindCount[] | undefined, kind: string) => counts?.find((count) => count.kind === kind);

/**
 * The counts a lead looks at: open tasks (and by stage), mine, overdue, finished this week, documents changed this
 * week (distinct documents, not saves) and failed test runs (only once the team has run tests).
 */
export const StatsCard = ({ teamId, since }: { teamId: number; since: number }) => {
  const translate = useTranslate();
  const stats = useQuery({ queryKey: homeKeys.stats(teamId, since), queryFn: () => homeApi.stats(since) });
  const counts = useQuery({ queryKey: homeKeys.counts(teamId, since), queryFn: () => homeApi.activityCount(since) });
  const tested = kindCount(counts.data, 'test.failed');
  const tiles: Tile[] = stats.data
    ? [
        {
          label: 'app.home.open_tasks',
          value: stats.data.openTotal,
          tone: 'primary',
          to: '/taskIndex',
          testId: 'stat-open',
        },
        { label: 'app.home.mine_open', value: stats.data.mineOpen, to: '/work', testId: 'stat-mine' },
        { label: 'app.home.overdue_tasks', value: stats.data.overdue, tone: 'error', testId: 'stat-overdue' },
        { label: 'app.home.finished_week', value: stats.data.finishedSince, tone: 'success', testId: 'stat-finished' },
        {
          label: 'app.home.docs_changed',
          value: kindCount(counts.data, 'doc.changed')?.targets ?? 0,
          to: '/api',
          testId: 'stat-docs',
        },
        ...(tested
          ? [{ label: 'app.home.tests_failed', value: tested.count, tone: 'error' as const, testId: 'stat-tests' }]
          : []),
      ]
    : [];
  return (
    <Section title="app.home.counts" testId="home-stats">
      <Loadable pending={stats.isPending} error={stats.error}>
        <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(110px, 1fr))', gap: 1 }}>
          {tiles.map((tile) => (
            <TileBox key={tile.testId} tile={tile} />
          ))}
        </Box>
        {stats.data && (
          <Box sx={{ mt: 1.5 }}>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              {translate('app.home.by_stage')}
            </Typography>
            <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap' }} data-testid="stat-stages">
              {stats.data.openByStage.some((stage) => stage.count > 0) ? (
                stats.data.openByStage
                  .filter((stage) => stage.count > 0)
                  .map((stage) => <Chip key={stage.name} size="small" label={`${stage.name} ${stage.count}`} />)
              ) : (
                <Typography variant="body2" color="text.secondary">
                  {translate('app.home.no_open_tasks')}
                </Typography>
              )}
            </Box>
          </Box>
        )}
      </Loadable>
    </Section>
  );
};
