import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, List, ListItemButton, Switch, Tooltip, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ExpectationDraft } from './expectationDraft';

interface ListProps {
  drafts: ExpectationDraft[];
  selectedKey: string;
  /** Keys of the expectations with a problem shown. */
  flagged: Set<string>;
  readOnly: boolean;
  onSelect(key: string): void;
  onMove(from: number, to: number): void;
  onEnabled(index: number, enabled: boolean): void;
  onRemove(index: number): void;
}

/** The expectations in priority order: picked to edit, dragged (or moved up and down) to reorder. */
export function ExpectationList({ drafts, readOnly, onMove, ...rest }: ListProps) {
  const translate = useTranslate();
  const sensors = useSensors(
    // a few pixels of travel first, so a click on the row still selects it
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const keys = drafts.map((d) => d.key);
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    onMove(keys.indexOf(String(active.id)), keys.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
      <SortableContext items={keys} strategy={verticalListSortingStrategy} disabled={readOnly}>
        <List dense disablePadding aria-label={translate('app.knowledge.mock.exp.list')}>
          {drafts.map((draft, index) => (
            <Item
              key={draft.key}
              draft={draft}
              index={index}
              last={index === drafts.length - 1}
              readOnly={readOnly}
              onMove={onMove}
              {...rest}
            />
          ))}
        </List>
      </SortableContext>
    </DndContext>
  );
}

function Item({
  draft,
  index,
  last,
  selectedKey,
  flagged,
  readOnly,
  onSelect,
  onMove,
  onEnabled,
  onRemove,
}: Omit<ListProps, 'drafts'> & { draft: ExpectationDraft; index: number; last: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.mock.exp.${key}`, options);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: draft.key });
  const stop = (event: { stopPropagation(): void }) => event.stopPropagation();

  return (
    <ListItemButton
      ref={setNodeRef}
      selected={draft.key === selectedKey}
      onClick={() => onSelect(draft.key)}
      data-testid="mock-expectation-item"
      data-name={draft.name}
      sx={{
        gap: 0.5,
        pl: 0.5,
        pr: 0.5,
        borderBottom: 1,
        borderColor: 'divider',
        color: flagged.has(draft.key) ? 'error.main' : undefined,
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        bgcolor: isDragging ? 'background.paper' : undefined,
        boxShadow: isDragging ? 3 : undefined,
      }}
    >
      {!readOnly && (
        <Box
          {...attributes}
          {...listeners}
          aria-label={t('drag')}
          onClick={stop}
          sx={{ display: 'flex', cursor: 'grab', color: 'text.disabled', touchAction: 'none' }}
        >
          <DragIndicatorIcon fontSize="small" />
        </Box>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ width: 16, textAlign: 'center' }}>
        {index + 1}
      </Typography>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" noWrap sx={{ opacity: draft.enabled ? 1 : 0.55 }}>
          {draft.name || t('new_name', { n: index + 1 })}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap component="div">
          {draft.status} · {t('condition_count', { n: draft.conditions.length })}
          {!draft.enabled && ` · ${t('disabled')}`}
        </Typography>
      </Box>
      <Switch
        size="small"
        checked={draft.enabled}
        disabled={readOnly}
        onClick={stop}
        onChange={(event) => onEnabled(index, event.target.checked)}
        slotProps={{ input: { 'aria-label': t('enabled') } }}
      />
      {!readOnly && (
        <Box sx={{ display: 'flex', flexDirection: 'column' }} onClick={stop}>
          <IconButton
            size="small"
            sx={{ p: 0 }}
            disabled={index === 0}
            aria-label={t('up')}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUpwardIcon sx={{ fontSize: 16 }} />
          </IconButton>
          <IconButton
            size="small"
            sx={{ p: 0 }}
            disabled={last}
            aria-label={t('down')}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDownwardIcon sx={{ fontSize: 16 }} />
          </IconButton>
        </Box>
      )}
      {!readOnly && (
        <Tooltip title={t('delete')}>
          <IconButton
            size="small"
            aria-label={t('delete')}
            onClick={(event) => {
              stop(event);
              onRemove(index);
            }}
          >
            <DeleteOutlineIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </ListItemButton>
  );
}
