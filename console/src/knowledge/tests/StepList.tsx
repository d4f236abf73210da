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
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, IconButton, Stack, Switch, Tooltip, Typography } from '@mui/material';
import type { Step } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { AddStepButton, type StepChoices } from './AddStepButton';
import { StepFields } from './StepFields';
import { STEP_ICONS } from './stepIcons';

export interface StepEdits {
  update(id: string, patch: Partial<Step>): void;
  remove(id: string): void;
  duplicate(id: string): void;
  move(parentId: string | null, from: number, to: number): void;
  insert(parentId: string | null, steps: Step[]): void;
}

interface ListProps {
  steps: Step[];
  parentId: string | null;
  depth: number;
  choices: StepChoices;
  readOnly: boolean;
  /** Steps with a problem, shown in red. */
  flagged: Set<string>;
  edits: StepEdits;
  onOpenCase(testCaseId: number): void;
}

/**
 * One list of steps, sortable by dragging the handle (or the keyboard: space, arrows, space) and by the arrows;
 * a condition's or loop's own steps are a list of their own inside its row.
 */
export function StepList(props: ListProps) {
  const { steps, parentId, readOnly, edits } = props;
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = steps.map((s) => s.id);
  const dropped = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    edits.move(parentId, ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={dropped}>
      <SortableContext items={ids} strategy={verticalListSortingStrategy} disabled={readOnly}>
        <Stack spacing={0.75} data-testid={parentId ? 'nested-steps' : 'scenario-steps'}>
          {steps.map((step, index) => (
            <StepRow key={step.id} {...props} step={step} index={index} last={index === steps.length - 1} />
          ))}
        </Stack>
      </SortableContext>
    </DndContext>
  );
}

function StepRow({
  step,
  index,
  last,
  parentId,
  depth,
  choices,
  readOnly,
  flagged,
  edits,
  onOpenCase,
}: ListProps & { step: Step; index: number; last: boolean }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.steps.${key}`);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: step.id });
  const Icon = STEP_ICONS[step.kind];
  const enabled = step.enabled !== false;
  const nested = step.kind === 'if' || step.kind === 'loop';

  return (
    <Box
      ref={setNodeRef}
      data-testid="step-row"
      data-kind={step.kind}
      data-step-id={step.id}
      sx={{
        border: 1,
        borderColor: flagged.has(step.id) ? 'error.main' : 'divider',
        borderRadius: 1,
        bgcolor: 'background.paper',
        transform: CSS.Transform.toString(transform),
        transition,
        position: 'relative',
        zIndex: isDragging ? 2 : undefined,
        boxShadow: isDragging ? 3 : undefined,
      }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ px: 0.75, py: 0.5, minHeight: 44 }}>
        {!readOnly && (
          <Box
            {...attributes}
            {...listeners}
            aria-label={t('drag')}
            sx={{ display: 'flex', cursor: 'grab', color: 'text.disabled', touchAction: 'none' }}
          >
            <DragIndicatorIcon fontSize="small" />
          </Box>
        )}
        <Typography variant="caption" color="text.secondary" sx={{ minWidth: 18, textAlign: 'center' }}>
          {index + 1}
        </Typography>
        <Tooltip title={t(`kinds.${step.kind}`)}>
          <Icon sx={{ fontSize: 18, color: enabled ? 'primary.main' : 'text.disabled' }} />
        </Tooltip>
        <Box sx={{ flex: 1, minWidth: 0, opacity: enabled ? 1 : 0.5 }}>
          <StepFields
            step={step}
            choices={choices}
            readOnly={readOnly}
            onChange={(patch) => edits.update(step.id, patch)}
            onOpenCase={onOpenCase}
          />
        </Box>
        <Switch
          size="small"
          checked={enabled}
          disabled={readOnly}
          onChange={(event) => edits.update(step.id, { enabled: event.target.checked ? undefined : false })}
          slotProps={{ input: { 'aria-label': t('enabled') } }}
        />
        {!readOnly && (
          <>
            <Box sx={{ display: 'flex', flexDirection: 'column' }}>
              <IconButton
                size="small"
                sx={{ p: 0 }}
                disabled={index === 0}
                aria-label={t('up')}
                onClick={() => edits.move(parentId, index, index - 1)}
              >
                <ArrowUpwardIcon sx={{ fontSize: 15 }} />
              </IconButton>
              <IconButton
                size="small"
                sx={{ p: 0 }}
                disabled={last}
                aria-label={t('down')}
                onClick={() => edits.move(parentId, index, index + 1)}
              >
                <ArrowDownwardIcon sx={{ fontSize: 15 }} />
              </IconButton>
            </Box>
            <Tooltip title={t('duplicate')}>
              <IconButton size="small" aria-label={t('duplicate')} onClick={() => edits.duplicate(step.id)}>
                <ContentCopyIcon sx={{ fontSize: 16 }} />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('remove')}>
              <IconButton size="small" aria-label={t('remove')} onClick={() => edits.remove(step.id)}>
                <DeleteOutlineIcon fontSize="small" />
              </IconButton>
            </Tooltip>
          </>
        )}
      </Stack>
      {nested && (
        <Box sx={{ pl: 4.5, pr: 1, pb: 1, borderTop: 1, borderColor: 'divider', pt: 1, bgcolor: 'action.hover' }}>
          {step.steps.length > 0 ? (
            <StepList
              steps={step.steps}
              parentId={step.id}
              depth={depth + 1}
              choices={choices}
              readOnly={readOnly}
              flagged={flagged}
              edits={edits}
              onOpenCase={onOpenCase}
            />
          ) : (
            <Typography variant="caption" color="text.secondary">
              {t('empty_nested')}
            </Typography>
          )}
          {!readOnly && (
            <Box sx={{ mt: 0.5 }}>
              <AddStepButton size="small" choices={choices} onAdd={(added) => edits.insert(step.id, added)} />
            </Box>
          )}
        </Box>
      )}
    </Box>
  );
}
