import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import EventIcon from '@mui/icons-material/Event';
import { Box, Card, CardActionArea, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { formatDay } from '../utils/formatTime';
import { TaskStatusChip, UrgencyChip } from './StatusChips';
import type { Task } from './taskApi';

const URGENT_BORDER = ['transparent', '#faad14', '#f5222d'];

/** A card's face; also what the drag overlay shows. */
export const TaskCardFace = ({ task, onOpen }: { task: Task; onOpen?: () => void }) => {
  const translate = useTranslate();
  return (
    <Card
      variant="outlined"
      sx={{ borderLeft: '3px solid', borderLeftColor: URGENT_BORDER[task.urgentLevel] ?? 'transparent' }}
    >
      <CardActionArea onClick={onOpen} sx={{ p: 1.25 }} component="div">
        <Typography
          variant="body2"
          sx={{
            fontWeight: 500,
            mb: 0.75,
            wordBreak: 'break-word',
            textDecoration: task.status === 'finished' || task.status === 'closed' ? 'line-through' : 'none',
          }}
        >
          {task.name}
        </Typography>
        <Box sx={{ display: 'flex', gap: 0.5, flexWrap: 'wrap', alignItems: 'center' }}>
          <TaskStatusChip status={task.status} />
          <UrgencyChip level={task.urgentLevel} />
          {task.endTime > 0 && (
            <Typography variant="caption" color="text.secondary" sx={{ display: 'flex', alignItems: 'center' }}>
              <EventIcon sx={{ fontSize: 14, mr: 0.25 }} />
              {formatDay(task.endTime)}
            </Typography>
          )}
          <Box sx={{ ml: 'auto', display: 'flex', alignItems: 'center', gap: 0.5 }}>
            {task.workHour > 0 && (
              <Typography variant="caption" color="text.secondary">
                {translate('app.task.hours', { hours: task.workHour })}
              </Typography>
            )}
            <PersonAvatar
              id={task.userId}
              name={task.userName}
              size={22}
              title={task.userName}
              data-testid="card-assignee"
            />
          </Box>
        </Box>
      </CardActionArea>
    </Card>
  );
};

/** A sortable card of the board; a click (no drag) opens the task. */
export const TaskCard = ({ task, disabled, onOpen }: { task: Task; disabled: boolean; onOpen: () => void }) => {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: `task-${task.taskId}`,
    data: { flowId: task.flowId },
    disabled,
  });
  return (
    <Box
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      // the drag handle wraps the card's own button: a group (still focusable for keyboard moves), not a button
      // inside a button
      role="group"
      aria-label={task.name}
      data-testid="task-card"
      data-name={task.name}
      data-task-id={task.taskId}
      sx={{
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.35 : 1,
        touchAction: 'none',
        cursor: disabled ? 'pointer' : 'grab',
      }}
    >
      <TaskCardFace task={task} onOpen={onOpen} />
    </Box>
  );
};
