import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { Box, Chip, Paper, Typography } from '@mui/material';
import { FlowMenu } from './FlowMenu';
import { QuickAdd } from './QuickAdd';
import { TaskCard } from './TaskCard';
import type { BoardColumn } from './taskApi';

interface BoardColumnViewProps {
  projectId: number;
  column: BoardColumn;
  /** The column's tasks after the filters. */
  shown: BoardColumn['tasks'];
  editable: boolean;
  manager: boolean;
  onOpen: (taskId: number) => void;
}

export const COLUMN_WIDTH = 280;

/** One flow: its header (count, menu), its sortable cards, and the quick add at the bottom. */
export const BoardColumnView = ({ projectId, column, shown, editable, manager, onOpen }: BoardColumnViewProps) => {
  const { setNodeRef, isOver } = useDroppable({ id: `flow-${column.flowId}`, disabled: !editable });
  return (
    <Paper
      variant="outlined"
      ref={setNodeRef}
      data-testid="board-column"
      data-flow={column.name}
      data-flow-id={column.flowId}
      sx={{
        width: COLUMN_WIDTH,
        flexShrink: 0,
        display: 'flex',
        flexDirection: 'column',
        maxHeight: '100%',
        bgcolor: isOver ? 'action.selected' : 'grey.100',
        transition: 'background-color 120ms',
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1.5, py: 1 }}>
        <Typography variant="subtitle2" noWrap sx={{ fontWeight: 600 }}>
          {column.name}
        </Typography>
        <Chip size="small" label={column.tasks.length} data-testid="column-count" />
        <Box sx={{ ml: 'auto' }}>{manager && editable && <FlowMenu projectId={projectId} flow={column} />}</Box>
      </Box>
      <SortableContext items={shown.map((task) => `task-${task.taskId}`)} strategy={verticalListSortingStrategy}>
        <Box sx={{ px: 1, pb: 1, display: 'flex', flexDirection: 'column', gap: 1, overflowY: 'auto', minHeight: 48 }}>
          {shown.map((task) => (
            <TaskCard key={task.taskId} task={task} disabled={!editable} onOpen={() => onOpen(task.taskId)} />
          ))}
        </Box>
      </SortableContext>
      {editable && (
        <Box sx={{ px: 1, pb: 1 }}>
          <QuickAdd projectId={projectId} flowId={column.flowId} flowName={column.name} />
        </Box>
      )}
    </Paper>
  );
};
