import { Box, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useLocaleState, useTranslate } from 'react-admin';
import { formatShortWeekday } from '../home/dates';
import { homeApi, homeKeys } from '../home/homeApi';
import { addDays } from '../home/period';
import { Loadable, Section } from '../home/Section';

/** One decimal; a few minutes (a task started just now) read as under 0.1, not as nothing. */
const hoursText = (hours: number) => (hours > 0 && hours < 0.05 ? '<0.1' : String(Math.round(hours * 10) / 10));

/** My hours of this week (task/myWorkHours), a bar per day from Monday; the numbers are in the bars' names too. */
export const HoursCard = ({ teamId, weekStart, today }: { teamId: number; weekStart: number; today: string }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { data, isPending, error } = useQuery({
    queryKey: homeKeys.hours(teamId, weekStart),
    queryFn: () => homeApi.myWorkHours(weekStart, addDays(weekStart, 7)),
  });
  const max = Math.max(8, ...(data?.days ?? []).map((day) => day.hours));
  return (
    <Section
      title="app.work.hours"
      testId="work-hours"
      action={
        data && (
          <Typography variant="body2" color="text.secondary" data-testid="work-hours-total">
            {translate('app.work.hours_total', { hours: hoursText(data.total) })}
          </Typography>
        )
      }
    >
      <Loadable pending={isPending} error={error}>
        {data && (
          <>
            <Box
              role="list"
              aria-label={translate('app.work.hours')}
              sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, height: 120, pt: 2 }}
            >
              {data.days.map((day) => {
                const label = formatShortWeekday(day.date, locale);
                const name = translate('app.work.hours_day', { day: label, hours: hoursText(day.hours) });
                return (
                  <Box
                    key={day.date}
                    role="listitem"
                    aria-label={name}
                    title={name}
                    sx={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', height: '100%' }}
                  >
                    <Typography variant="caption" color="text.secondary" aria-hidden sx={{ lineHeight: 1.2 }}>
                      {day.hours ? hoursText(day.hours) : ''}
                    </Typography>
                    <Box sx={{ flex: 1, width: '100%', display: 'flex', alignItems: 'flex-end' }}>
                      <Box
                        sx={{
                          width: '100%',
                          height: `${(day.hours / max) * 100}%`,
                          minHeight: day.hours ? 4 : 2,
                          borderRadius: '4px 4px 0 0',
                          bgcolor: day.hours ? (day.date === today ? 'primary.main' : 'primary.light') : 'divider',
                        }}
                      />
                    </Box>
                    <Typography
                      variant="caption"
                      aria-hidden
                      sx={{ mt: 0.5, fontWeight: day.date === today ? 600 : 400 }}
                      color={day.date === today ? 'primary' : 'text.secondary'}
                    >
                      {label}
                    </Typography>
                  </Box>
                );
              })}
            </Box>
            {data.total === 0 && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('app.work.hours_none')}
              </Typography>
            )}
            {data.projects.some((project) => project.hours > 0) && (
              <Box sx={{ mt: 1.5, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
                {data.projects
                  .filter((project) => project.hours > 0)
                  .map((project) => (
                    <Box key={project.projectId} sx={{ display: 'flex', gap: 1 }}>
                      <Typography variant="body2" noWrap sx={{ flex: 1 }}>
                        {project.projectName}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {translate('app.task.hours', { hours: hoursText(project.hours) })}
                      </Typography>
                    </Box>
                  ))}
              </Box>
            )}
          </>
        )}
      </Loadable>
    </Section>
  );
};
