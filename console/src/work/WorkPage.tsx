import CalendarMonthIcon from '@mui/icons-material/CalendarMonth';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ViewListIcon from '@mui/icons-material/ViewList';
import { Box, Card, CardContent, Tab, Tabs, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { formatDate } from '../dates';
import { ActivityList } from '../home/ActivityList';
import { homeApi, homeKeys } from '../home/homeApi';
import { startOfDay, startOfWeek } from '../home/period';
import { EmptyHint, Loadable, Section } from '../home/Section';
import { useHomeLive } from '../home/useHomeLive';
import { useSessionUser } from '../session/session';
import { TeamRequired } from '../teams/TeamRequired';
import { DocsCard } from './DocsCard';
import { matchesStatus } from './grouping';
import { HoursCard } from './HoursCard';
import { useWorkLayout } from './useWorkLayout';
import { WorkCalendar } from './WorkCalendar';
import { WorkTaskList } from './WorkTaskList';

/** SPEC §2.2 /work: my work across every project of the team. */
const WorkPage = () => <TeamRequired>{(teamId) => <Work teamId={teamId} />}</TeamRequired>;

const Work = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const userId = Number(useSessionUser()?.userId ?? 0);
  const [layout, onLayout] = useWorkLayout();
  useHomeLive(teamId);
  const now = Date.now();
  const today = startOfDay(now);

  // every assigned task (both end bounds open lists those without an end time too); the project filter on the server
  const query = { includeDone: layout.includeDone, projectId: layout.projectId, pageSize: 500 };
  const { data, isPending, error } = useQuery({
    queryKey: homeKeys.tasks(teamId, query),
    queryFn: () => homeApi.myTasks(query),
    placeholderData: keepPreviousData,
  });
  // the project filter lists the projects of all my tasks, also while one is chosen
  const all = useQuery({
    queryKey: homeKeys.tasks(teamId, { includeDone: true, pageSize: 500 }),
    queryFn: () => homeApi.myTasks({ includeDone: true, pageSize: 500 }),
  });
  const projects = useMemo(() => {
    const names = new Map<number, string>();
    for (const task of all.data?.list ?? []) names.set(task.projectId, task.projectName);
    return [...names]
      .map(([projectId, name]) => ({ projectId, name }))
      .sort((a, b) => a.name.localeCompare(b.name, 'zh-CN'));
  }, [all.data]);
  const tasks = useMemo(
    () => (data?.list ?? []).filter((task) => matchesStatus(task, layout.status)),
    [data, layout.status],
  );

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="work-page">
      <Box sx={{ mb: 2, px: { xs: 1, md: 0 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {translate('app.work.title')}
        </Typography>
        <Typography color="text.secondary">{translate('app.work.subtitle')}</Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 2fr) minmax(300px, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Card variant="outlined" sx={{ minWidth: 0 }}>
          <Tabs
            value={layout.view}
            onChange={(_, view) => onLayout({ view })}
            sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
            aria-label={translate('app.work.view')}
          >
            <Tab
              value="list"
              icon={<ViewListIcon fontSize="small" />}
              iconPosition="start"
              label={translate('app.work.view_list')}
              sx={{ minHeight: 48 }}
              data-testid="view-list"
            />
            <Tab
              value="calendar"
              icon={<CalendarMonthIcon fontSize="small" />}
              iconPosition="start"
              label={translate('app.work.view_calendar')}
              sx={{ minHeight: 48 }}
              data-testid="view-calendar"
            />
          </Tabs>
          <CardContent>
            <Loadable pending={isPending} error={error}>
              {layout.view === 'list' ? (
                <WorkTaskList
                  teamId={teamId}
                  tasks={tasks}
                  projects={projects}
                  layout={layout}
                  onLayout={onLayout}
                  now={now}
                />
              ) : (
                <WorkCalendar teamId={teamId} tasks={tasks} layout={layout} onLayout={onLayout} now={now} />
              )}
            </Loadable>
          </CardContent>
        </Card>
        <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, minWidth: 0 }}>
          <HoursCard teamId={teamId} weekStart={startOfWeek(today)} today={formatDate(today)} />
          <DocsCard teamId={teamId} tab={layout.docs} onTab={(docs) => onLayout({ docs })} />
          <Section title="app.work.recent_edits" testId="work-edits">
            <ActivityList
              teamId={teamId}
              actorId={userId}
              empty={<EmptyHint icon={<EditNoteIcon />} title="app.work.no_edits" hint="app.work.no_edits_hint" />}
            />
          </Section>
        </Box>
      </Box>
    </Box>
  );
};

export default WorkPage;
