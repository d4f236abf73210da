import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ProjectStatus, TaskStatus } from './taskApi';

const PROJECT_COLOURS: Record<ProjectStatus, ChipProps['color']> = {
  active: 'primary',
  stopped: 'warning',
  finished: 'success',
  closed: 'default',
};

export const ProjectStatusChip = ({ status }: { status: ProjectStatus }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={PROJECT_COLOURS[status]}
      label={translate(`app.task.project_status.${status}`)}
      data-testid="project-status"
    />
  );
};

const TASK_COLOURS: Record<TaskStatus, ChipProps['color']> = {
  todo: 'default',
  in_progress: 'primary',
  paused: 'warning',
  finished: 'success',
  cancelled: 'default',
  closed: 'default',
};

export const TaskStatusChip = ({ status, size = 'small' }: { status: TaskStatus; size?: ChipProps['size'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      color={TASK_COLOURS[status]}
      variant={status === 'todo' || status === 'closed' ? 'outlined' : 'filled'}
      label={translate(`app.task.status.${status}`)}
      data-testid="task-status"
      data-status={status}
    />
  );
};

const URGENT_COLOURS: ChipProps['color'][] = ['default', 'warning', 'error'];

export const UrgencyChip = ({ level }: { level: number }) => {
  const translate = useTranslate();
  if (!level) return null;
  return (
    <Chip
      size="small"
      color={URGENT_COLOURS[level] ?? 'default'}
      label={translate(`app.task.urgency.${level}`)}
      data-testid="urgency"
    />
  );
};
