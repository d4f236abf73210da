import DynamicFeedIcon from '@mui/icons-material/DynamicFeed';
import { Box, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { displayName, useSessionUser } from '../session/session';
import { TeamRequired } from '../teams/TeamRequired';
import { ActivityList } from './ActivityList';
import { formatLongDay } from './dates';
import { MyTasksCard } from './MyTasksCard';
import { startOfDay, startOfWeek } from './period';
import { QuickActions } from './QuickActions';
import { EmptyHint, Section } from './Section';
import { StarredCard } from './StarredCard';
import { StatsCard } from './StatsCard';
import { useHomeLive } from './useHomeLive';

/** SPEC §2.2 /index: the team's day at a glance; without a team, the team-creation guide (SPEC §2.4). */
const HomePage = () => <TeamRequired>{(teamId) => <Home teamId={teamId} />}</TeamRequired>;

/** Today's midnight, moved on when the day changes while the page stays open. */
function useToday(): number {
  const [today, setToday] = useState(() => startOfDay(Date.now()));
  useEffect(() => {
    const timer = window.setInterval(() => setToday(startOfDay(Date.now())), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return today;
}

// On a phone the two columns dissolve into one list (display: contents) ordered by what is done first: act, my tasks,
// the counts, starred projects, then the team's activity.
const column = { display: { xs: 'contents', md: 'flex' }, flexDirection: 'column', gap: 2, minWidth: 0 } as const;

const greetingOf = (hour: number) => (hour < 12 ? 'morning' : hour < 18 ? 'afternoon' : 'evening');

const Home = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const user = useSessionUser();
  const today = useToday();
  const now = Date.now();
  useHomeLive(teamId);
  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="home-page">
      <Box sx={{ mb: 2, px: { xs: 1, md: 0 } }}>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 600 }}>
          {translate(`app.home.greeting_${greetingOf(new Date(now).getHours())}`, {
            name: user ? displayName(user) : '',
          })}
        </Typography>
        <Typography color="text.secondary">
          {translate('app.home.today', { date: formatLongDay(now, locale) })}
        </Typography>
      </Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 2fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Box sx={column}>
          <Box sx={{ order: { xs: 2, md: 0 } }}>
            <MyTasksCard teamId={teamId} now={now} />
          </Box>
          <Box sx={{ order: { xs: 5, md: 0 } }}>
            <Section title="app.home.activity" testId="home-activity">
              <ActivityList
                teamId={teamId}
                testId="activity-list"
                empty={
                  <EmptyHint
                    icon={<DynamicFeedIcon />}
                    title="app.home.no_activity"
                    hint="app.home.no_activity_hint"
                    testId="home-no-activity"
                  />
                }
              />
            </Section>
          </Box>
        </Box>
        <Box sx={column}>
          <Box sx={{ order: { xs: 1, md: 0 } }}>
            <QuickActions teamId={teamId} />
          </Box>
          <Box sx={{ order: { xs: 3, md: 0 } }}>
            <StatsCard teamId={teamId} since={startOfWeek(today)} />
          </Box>
          <Box sx={{ order: { xs: 4, md: 0 } }}>
            <StarredCard teamId={teamId} />
          </Box>
        </Box>
      </Box>
    </Box>
  );
};

export default HomePage;
