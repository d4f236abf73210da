import { Box, Button, Chip, Link, List, ListItem, ListItemAvatar, Typography } from '@mui/material';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { activitySentence, activitySummary } from '../activity/sentence';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { useRelativeTime } from '../utils/useRelativeTime';
import { type Activity, homeApi, homeKeys } from './homeApi';
import { Loadable } from './Section';

const PAGE = 10;

/** The sentence in the user's language, linked to its target when it has a console route. */
const Sentence = ({ activity }: { activity: Activity }) => {
  const text = activitySentence(useTranslate(), activity);
  return activity.link ? (
    <Link component={RouterLink} to={activity.link} underline="hover" color="inherit">
      {text}
    </Link>
  ) : (
    text
  );
};

/** The team's activity newest first, `actorId` for one person's (my recent edits); more on demand. */
export const ActivityList = ({
  teamId,
  actorId = 0,
  empty,
  testId,
}: {
  teamId: number;
  actorId?: number;
  empty: ReactNode;
  testId?: string;
}) => {
  const translate = useTranslate();
  const { formatRelative } = useRelativeTime();
  const [pageSize, setPageSize] = useState(PAGE);
  const query = { page: 1, pageSize, actorId };
  const { data, isPending, error, isFetching } = useQuery({
    queryKey: homeKeys.activity(teamId, query),
    queryFn: () => homeApi.activity(query),
    placeholderData: keepPreviousData,
  });
  const list = data?.list ?? [];
  return (
    <Loadable pending={isPending} error={error}>
      {!list.length && empty}
      <List dense disablePadding data-testid={testId}>
        {list.map((activity) => (
          <ListItem key={activity.activityId} divider alignItems="flex-start" sx={{ px: 0 }} data-testid="activity">
            <ListItemAvatar sx={{ minWidth: 44, mt: 0.5 }}>
              <PersonAvatar id={activity.actorId} name={activity.actorName} size={32} />
            </ListItemAvatar>
            <Box sx={{ minWidth: 0, flex: 1 }}>
              <Typography variant="body2" sx={{ wordBreak: 'break-word' }} data-testid="activity-sentence">
                <Sentence activity={activity} />
              </Typography>
              {activity.summary && (
                <Typography variant="caption" color="text.secondary" component="div" noWrap>
                  {activitySummary(translate, activity)}
                </Typography>
              )}
              <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.25, flexWrap: 'wrap' }}>
                <Typography
                  variant="caption"
                  color="text.secondary"
                  component="time"
                  dateTime={new Date(activity.at).toISOString()}
                >
                  {formatRelative(activity.at)}
                </Typography>
                {activity.projectName && <Chip size="small" variant="outlined" label={activity.projectName} />}
              </Box>
            </Box>
          </ListItem>
        ))}
      </List>
      {list.length < (data?.total ?? 0) && pageSize < 100 && (
        <Box sx={{ textAlign: 'center', mt: 1 }}>
          <Button
            size="small"
            disabled={isFetching}
            onClick={() => setPageSize((size) => Math.min(100, size + PAGE * 2))}
          >
            {translate('app.home.more_activity')}
          </Button>
        </Box>
      )}
    </Loadable>
  );
};
