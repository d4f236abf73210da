import {
  type CollisionDetection,
  closestCorners,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { BoardColumnView, COLUMN_WIDTH } from './BoardColumnView';
import { findTask, orderBoard } from './boardOrder';
import { NameDialog } from './NameDialog';
import { TaskCardFace } from './TaskCard';
import { type BoardColumn, canManageProject, type TaskProject, taskCall, taskKeys } from './taskApi';
import { filterTasks, type TaskFilter } from './taskFilters';
import { useCardMove } from './useCardMove';

// The card under the pointer, else its column, else the nearest corners (keyboard dragging).
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const cards = hits.filter((hit) => String(hit.id).startsWith('task-'));
  if (cards.length) return cards;
  return hits.length ? hits : closestCorners(args);
};

const idOf = (dndId: string | number) => Number(String(dndId).replace(/^\D+-/, ''));

interface BoardProps {
  project: TaskProject;
  columns: BoardColumn[];
  filter: TaskFilter;
  onOpen: (taskId: number) => void;
}

/** The kanban: a column per flow, cards dragged within and between columns. */
export const Board = ({ project, columns, filter, onOpen }: BoardProps) => {
  const projectId = project.taskProjectId;
  const editable = project.status === 'active';
  const manager = canManageProject(project.myRole);
  const { order, move } = useCardMove(projectId);
  const board = useMemo(() => orderBoard(columns, order), [columns, order]);
  const [activeId, setActiveId] = useState<number | null>(null);
  const sensors = useSensors(
    // a short move starts a drag; a click still opens the card
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const active = activeId === null ? null : findTask(board, activeId);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActiveId(idOf(dragged.id));
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActiveId(null);
    if (!over) return;
    const taskId = idOf(dragged.id);
    const overId = String(over.id);
    if (overId.startsWith('flow-')) {
      move(board, taskId, idOf(overId));
      return;
    }
    const target = findTask(board, idOf(overId));
    if (target && idOf(overId) !== taskId) move(board, taskId, target.column.flowId, target.index);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setActiveId(null)}
    >
      <Box
        data-testid="board"
        // width 0 + min-width 100%: the columns scroll here instead of widening the page
        sx={{
          display: 'flex',
          gap: 1.5,
          overflowX: 'auto',
          alignItems: 'flex-start',
          pb: 1,
          minHeight: 360,
          width: 0,
          minWidth: '100%',
        }}
      >
        {board.map((column) => (
          <BoardColumnView
            key={column.flowId}
            projectId={projectId}
            column={column}
            shown={filterTasks(column.tasks, filter)}
            editable={editable}
            manager={manager}
            onOpen={onOpen}
          />
        ))}
        {manager && editable && <NewFlow projectId={projectId} />}
      </Box>
      <DragOverlay>
        {active && (
          <Box sx={{ width: COLUMN_WIDTH - 16, transform: 'rotate(2deg)', boxShadow: 6, borderRadius: 1 }}>
            <TaskCardFace task={active.column.tasks[active.index] as BoardColumn['tasks'][number]} />
          </Box>
        )}
      </DragOverlay>
    </DndContext>
  );
};

const NewFlow = ({ projectId }: { projectId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const create = async (name: string) => {
    setSaving(true);
    try {
      await taskCall('createFlow', { projectId, name });
      notify('app.task.board.flow_created', { type: 'success' });
      setOpen(false);
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ width: COLUMN_WIDTH, flexShrink: 0 }}>
      <Button
        fullWidth
        variant="outlined"
        startIcon={<AddIcon />}
        onClick={() => setOpen(true)}
        sx={{ py: 1.25, borderStyle: 'dashed' }}
      >
        {translate('app.task.board.new_flow')}
      </Button>
      <NameDialog
        open={open}
        title={translate('app.task.board.new_flow')}
        label={translate('app.task.board.flow_name')}
        maxLength={20}
        saving={saving}
        onClose={() => setOpen(false)}
        onSave={create}
      />
    </Box>
  );
};
