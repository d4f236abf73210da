import {
  type CollisionDetection,
  closestCenter,
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
import { Box } from '@mui/material';
import { useMemo, useState } from 'react';
import { BoardColumnView, COLUMN_WIDTH } from './BoardColumnView';
import { findTask, orderBoard } from './boardOrder';
import { NewFlowButton } from './NewFlowButton';
import { TaskCardFace } from './TaskCard';
import { type BoardColumn, canManageProject, type TaskProject } from './taskApi';
import { filterTasks, type TaskFilter } from './taskFilters';
import { useCardMove } from './useCardMove';

const idOf = (dndId: string | number) => Number(String(dndId).replace(/^\D+-/, ''));

/**
 * The column under the pointer, then the card of that column nearest to the dragged card (so that gaps between
 * cards count too); an empty column is the target itself. Without a pointer (keyboard), the nearest corners.
 */
const collision: CollisionDetection = (args) => {
  const hits = pointerWithin(args);
  const column = hits.find((hit) => String(hit.id).startsWith('flow-'));
  if (!column) return hits.length ? hits : closestCorners(args);
  const flowId = idOf(column.id);
  const cards = args.droppableContainers.filter((container) => container.data.current?.flowId === flowId);
  return cards.length ? closestCenter({ ...args, droppableContainers: cards }) : [column];
};

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
  // what the dragged card is over, also shown as data-over for tests waiting on a drag
  const [overId, setOverId] = useState<string | null>(null);
  const sensors = useSensors(
    // a short move starts a drag; a click still opens the card
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const active = activeId === null ? null : findTask(board, activeId);

  const onDragStart = ({ active: dragged }: DragStartEvent) => setActiveId(idOf(dragged.id));
  const onDragEnd = ({ active: dragged, over }: DragEndEvent) => {
    setActiveId(null);
    setOverId(null);
    if (!over) return;
    const taskId = idOf(dragged.id);
    const overId = String(over.id);
    if (overId.startsWith('flow-')) {
      move(board, taskId, idOf(overId));
      return;
    }
    const target = findTask(board, idOf(overId));
    if (!target || idOf(overId) === taskId) return;
    // Within a column the card takes the place of the one it is over (as an array move); coming from another
    // column it goes before or after that card, by which half of it the dragged card's middle is in.
    const rect = dragged.rect.current.translated;
    const below = rect && rect.top + rect.height / 2 > over.rect.top + over.rect.height / 2;
    const sameColumn = findTask(board, taskId)?.column.flowId === target.column.flowId;
    move(board, taskId, target.column.flowId, target.index + (below && !sameColumn ? 1 : 0));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragOver={({ over }) => setOverId(over ? String(over.id) : null)}
      onDragCancel={() => [setActiveId(null), setOverId(null)]}
    >
      <Box
        data-testid="board"
        data-over={overId ?? undefined}
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
        {manager && editable && <NewFlowButton projectId={projectId} />}
      </Box>
      {/* no drop animation: the card is already in its new place */}
      <DragOverlay dropAnimation={null}>
        {active && (
          <Box sx={{ width: COLUMN_WIDTH - 16, transform: 'rotate(2deg)', boxShadow: 6, borderRadius: 1 }}>
            <TaskCardFace task={active.column.tasks[active.index] as BoardColumn['tasks'][number]} />
          </Box>
        )}
      </DragOverlay>
    </DndContext>
  );
};
