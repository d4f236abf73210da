import CheckIcon from '@mui/icons-material/Check';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import { Box, Button, Chip, Link, ListItem, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDue } from './dates';
import type { MyTask } from './homeApi';
import { stepsOf, type TaskStep, taskLink } from './useTaskStep';

interface TaskLineProps {
  task: MyTask;
  overdue?: boolean;
  pending: boolean;
  onStep: (task: MyTask, step: TaskStep) => void;
  /** The project name is left out when the tasks are already grouped by project. */
  showProject?: boolean;
}

/** A task of mine: its name (opens it), project, due time and status, with one-click start and finish. */
export const TaskLine = ({ task, overdue, pending, onStep, showProject = true }: TaskLineProps) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const steps = stepsOf(task.status);
  const done = !steps.length;
  return (
    <ListItem
      divider
      data-testid="my-task"
      data-task-id={task.taskId}
      sx={{ gap: 1, px: 0, alignItems: 'center' }}
      secondaryAction={
        <Box sx={{ display: 'flex', gap: 0.5 }}>
          {steps.map((step) => (
            <Button
              key={step}
              size="small"
              variant={step === 'finish' ? 'outlined' : 'text'}
              color={step === 'finish' ? 'success' : 'primary'}
              disabled={pending}
              onClick={() => onStep(task, step)}
              startIcon={step === 'finish' ? <CheckIcon /> : <PlayArrowIcon />}
              aria-label={`${translate(`app.home.${step}`)}: ${task.name}`}
              data-testid={`task-${step}`}
              sx={{ minWidth: 0, px: 1, whiteSpace: 'nowrap' }}
            >
              {translate(`app.home.${step}`)}
            </Button>
          ))}
        </Box>
      }
    >
      <Box sx={{ minWidth: 0, flex: 1, pr: steps.length * 10 }}>
        <Link
          component={RouterLink}
          to={taskLink(task)}
          underline="hover"
          color="inherit"
          title={task.name}
          // two lines before an ellipsis: on a phone one line kept a few characters of a long title
          sx={{
            display: '-webkit-box',
            WebkitLineClamp: 2,
            WebkitBoxOrient: 'vertical',
            overflow: 'hidden',
            wordBreak: 'break-word',
            fontWeight: 500,
            textDecoration: done ? 'line-through' : undefined,
          }}
        >
          {task.name}
        </Link>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap', mt: 0.25 }}>
          {task.status === 'in_progress' && (
            <Chip size="small" color="primary" label={translate('app.task.status.in_progress')} />
          )}
          {task.status === 'paused' && (
            <Chip size="small" color="warning" label={translate('app.task.status.paused')} />
          )}
          {done && <Chip size="small" label={translate(`app.task.status.${task.status}`)} />}
          {showProject && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {task.projectName}
            </Typography>
          )}
          {task.endTime > 0 && (
            <Typography variant="caption" color={overdue ? 'error' : 'text.secondary'} noWrap>
              {translate('app.home.due_at', { time: formatDue(task.endTime, locale) })}
            </Typography>
          )}
        </Box>
      </Box>
    </ListItem>
  );
};
