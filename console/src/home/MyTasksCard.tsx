import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { Button, List, ListSubheader } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { homeApi, homeKeys } from './homeApi';
import { addDays, type DueBucket, dueBucket, startOfWeek } from './period';
import { EmptyHint, Loadable, Section } from './Section';
import { TaskLine } from './TaskLine';
import { useTaskStep } from './useTaskStep';

const SHOWN: { bucket: DueBucket; title: string }[] = [
  { bucket: 'overdue', title: 'app.home.overdue' },
  { bucket: 'today', title: 'app.home.due_today' },
  { bucket: 'week', title: 'app.home.due_week' },
];

/** My open tasks due by the end of this week: overdue, today, the rest of the week. */
export const MyTasksCard = ({ teamId, now }: { teamId: number; now: number }) => {
  const translate = useTranslate();
  const query = { endTo: addDays(startOfWeek(now), 7), pageSize: 200 };
  const { data, isPending, error } = useQuery({
    queryKey: homeKeys.tasks(teamId, query),
    queryFn: () => homeApi.myTasks(query),
  });
  const { step, pending } = useTaskStep(teamId);
  const groups = useMemo(
    () =>
      SHOWN.map((shown) => ({
        ...shown,
        tasks: (data?.list ?? []).filter((t) => dueBucket(t.endTime, now) === shown.bucket),
      })),
    [data, now],
  );
  const any = groups.some((group) => group.tasks.length);
  return (
    <Section
      title="app.home.my_tasks"
      testId="home-my-tasks"
      action={
        <Button size="small" component={RouterLink} to="/work">
          {translate('app.home.all_in_work')}
        </Button>
      }
    >
      <Loadable pending={isPending} error={error}>
        {!any && (
          <EmptyHint
            icon={<EventAvailableIcon />}
            title="app.home.no_tasks_due"
            hint="app.home.no_tasks_hint"
            testId="home-no-tasks"
            action={
              <Button variant="outlined" size="small" component={RouterLink} to="/taskIndex">
                {translate('app.home.go_tasks')}
              </Button>
            }
          />
        )}
        {groups
          .filter((group) => group.tasks.length)
          .map((group) => (
            <List
              key={group.bucket}
              dense
              disablePadding
              data-testid={`due-${group.bucket}`}
              subheader={
                <ListSubheader
                  disableSticky
                  sx={{ px: 0, lineHeight: '32px', color: group.bucket === 'overdue' ? 'error.main' : undefined }}
                >
                  {translate(group.title)} · {group.tasks.length}
                </ListSubheader>
              }
            >
              {group.tasks.map((task) => (
                <TaskLine
                  key={task.taskId}
                  task={task}
                  overdue={group.bucket === 'overdue'}
                  pending={pending === task.taskId}
                  onStep={step}
                />
              ))}
            </List>
          ))}
      </Loadable>
    </Section>
  );
};
