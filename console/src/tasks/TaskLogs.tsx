import { Box, Button, Typography } from '@mui/material';
import { RichTextField, useTranslate } from 'react-admin';
import { formatMinute } from '../utils/formatTime';
import { usePagedTaskList } from './TaskComments';
import type { TaskLog } from './taskApi';

/** The activity log: one sentence per event (who did what), when, and the note given with a status action. */
export const TaskLogs = ({ projectId, taskId }: { projectId: number; taskId: number }) => {
  const translate = useTranslate();
  const { data, hasNextPage, fetchNextPage, isFetchingNextPage } = usePagedTaskList<TaskLog>(
    projectId,
    taskId,
    'taskLogs',
  );
  const logs = data?.pages.flatMap((page) => page.list) ?? [];
  return (
    <Box component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="task-logs">
      {logs.map((log, index) => (
        <Box
          component="li"
          // biome-ignore lint/suspicious/noArrayIndexKey: the log is append-only, oldest first: a position is an entry
          key={index}
          data-testid="log-entry"
          data-type={log.type}
          sx={{ position: 'relative', pl: 3, pb: 1.5, borderLeft: 2, borderColor: 'divider', ml: 1 }}
        >
          <Box
            sx={{
              position: 'absolute',
              left: -6,
              top: 4,
              width: 10,
              height: 10,
              borderRadius: '50%',
              bgcolor: 'primary.main',
            }}
          />
          <Typography variant="body2">{log.content}</Typography>
          {log.note && (
            <Box
              sx={{ fontSize: 13, color: 'text.secondary', bgcolor: 'action.hover', borderRadius: 1, px: 1, my: 0.5 }}
            >
              <RichTextField record={log} source="note" />
            </Box>
          )}
          <Typography variant="caption" color="text.secondary">
            {formatMinute(log.createdAt)}
          </Typography>
        </Box>
      ))}
      {hasNextPage && (
        <Button size="small" onClick={() => fetchNextPage()} disabled={isFetchingNextPage}>
          {translate('app.task.more')}
        </Button>
      )}
    </Box>
  );
};
