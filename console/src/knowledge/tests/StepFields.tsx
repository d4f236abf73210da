import { Box, InputAdornment, Link, MenuItem, Stack, TextField, Typography } from '@mui/material';
import type { ConditionOperator, Step } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { MethodTag } from '../workspace/DocTree';
import type { StepChoices } from './AddStepButton';

const CONDITION_OPERATORS: ConditionOperator[] = [
  'equals',
  'notEquals',
  'contains',
  'notContains',
  'greaterThan',
  'lessThan',
  'exists',
  'notExists',
];

const dense = { '& .MuiInputBase-input': { fontSize: 13, py: 0.5 } } as const;
const mono = { ...dense, '& input': { fontFamily: 'monospace', fontSize: 13 } } as const;

/** What a step does, edited in its row: the case or scenario it runs, the wait, the condition, the loop. */
export function StepFields({
  step,
  choices,
  readOnly,
  onChange,
  onOpenCase,
}: {
  step: Step;
  choices: StepChoices;
  readOnly: boolean;
  onChange(patch: Partial<Step>): void;
  onOpenCase(testCaseId: number): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.steps.${key}`, options);
  switch (step.kind) {
    case 'case': {
      const found = choices.cases.find((c) => String(c.testCaseId) === step.caseKey);
      if (!found) return <Missing text={t('missing_case')} />;
      const doc = choices.nodes.find((n) => n.projectStructureId === found.projectStructureId);
      return (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ minWidth: 0 }}>
          <MethodTag method={found.method} />
          <Link
            component="button"
            variant="body2"
            underline="hover"
            color="inherit"
            onClick={() => onOpenCase(found.testCaseId)}
            sx={{ fontWeight: 500, textAlign: 'left' }}
          >
            {found.name}
          </Link>
          {doc && (
            <Typography variant="caption" color="text.secondary" noWrap>
              {doc.name}
            </Typography>
          )}
        </Stack>
      );
    }
    case 'scenario': {
      const found = choices.scenarios.find((s) => String(s.testScenarioId) === step.scenarioKey);
      if (!found) return <Missing text={t('missing_scenario')} />;
      return (
        <Typography variant="body2" sx={{ fontWeight: 500 }} noWrap>
          {found.name}
        </Typography>
      );
    }
    case 'wait':
      return (
        <TextField
          variant="standard"
          type="number"
          value={step.ms}
          disabled={readOnly}
          onChange={(event) => onChange({ ms: Math.max(0, Number(event.target.value) || 0) })}
          slotProps={{
            htmlInput: { 'aria-label': t('wait_ms'), min: 0, max: 60_000, step: 100 },
            input: { endAdornment: <InputAdornment position="end">ms</InputAdornment> },
          }}
          sx={{ ...dense, width: 140 }}
        />
      );
    case 'if': {
      const { condition } = step;
      const set = (patch: Partial<typeof condition>) =>
        onChange({ condition: { ...condition, ...patch } } as Partial<Step>);
      const unary = condition.operator === 'exists' || condition.operator === 'notExists';
      return (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }} useFlexGap>
          <Typography variant="body2" color="text.secondary">
            {t('if_label')}
          </Typography>
          <TextField
            variant="standard"
            value={condition.left}
            placeholder="{{status}}"
            disabled={readOnly}
            onChange={(event) => set({ left: event.target.value })}
            slotProps={{ htmlInput: { 'aria-label': t('if_left'), spellCheck: false } }}
            sx={{ ...mono, width: 150 }}
          />
          <TextField
            select
            variant="standard"
            value={condition.operator}
            disabled={readOnly}
            onChange={(event) => set({ operator: event.target.value as ConditionOperator })}
            slotProps={{
              select: {
                SelectDisplayProps: { 'aria-label': translate('app.knowledge.tests.assertions.operator') },
              } as object,
            }}
            sx={{ ...dense, width: 96 }}
          >
            {CONDITION_OPERATORS.map((operator) => (
              <MenuItem key={operator} value={operator} dense>
                {t(`operators.${operator}`)}
              </MenuItem>
            ))}
          </TextField>
          {!unary && (
            <TextField
              variant="standard"
              value={condition.right ?? ''}
              placeholder="ok"
              disabled={readOnly}
              onChange={(event) => set({ right: event.target.value })}
              slotProps={{ htmlInput: { 'aria-label': t('if_right'), spellCheck: false } }}
              sx={{ ...mono, width: 130 }}
            />
          )}
          <Typography variant="body2" color="text.secondary">
            {t('then_do')}
          </Typography>
        </Stack>
      );
    }
    case 'loop': {
      const over = step.overVariable !== undefined;
      return (
        <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap' }} useFlexGap>
          <TextField
            select
            variant="standard"
            value={over ? 'over' : 'count'}
            disabled={readOnly}
            onChange={(event) =>
              onChange(
                (event.target.value === 'over'
                  ? { overVariable: '', count: undefined }
                  : { overVariable: undefined, count: 3 }) as Partial<Step>,
              )
            }
            slotProps={{ htmlInput: { 'aria-label': t('loop_mode') } }}
            sx={{ ...dense, width: 110 }}
          >
            <MenuItem value="count" dense>
              {t('loop_count')}
            </MenuItem>
            <MenuItem value="over" dense>
              {t('loop_over')}
            </MenuItem>
          </TextField>
          {over ? (
            <TextField
              variant="standard"
              value={step.overVariable}
              placeholder="items"
              disabled={readOnly}
              onChange={(event) => onChange({ overVariable: event.target.value } as Partial<Step>)}
              slotProps={{ htmlInput: { 'aria-label': t('loop_over'), spellCheck: false } }}
              sx={{ ...mono, width: 140 }}
            />
          ) : (
            <TextField
              variant="standard"
              type="number"
              value={step.count ?? 1}
              disabled={readOnly}
              onChange={(event) => onChange({ count: Math.max(1, Number(event.target.value) || 1) } as Partial<Step>)}
              slotProps={{ htmlInput: { 'aria-label': t('loop_count'), min: 1, max: 1000 } }}
              sx={{ ...dense, width: 80 }}
            />
          )}
          <Typography variant="caption" color="text.secondary">
            {over
              ? t('loop_over_label', { name: step.overVariable || '…' })
              : t('loop_count_label', { n: step.count ?? 1 })}
          </Typography>
        </Stack>
      );
    }
  }
}

function Missing({ text }: { text: string }) {
  return (
    <Box component="span" sx={{ color: 'error.main', fontSize: 14 }}>
      {text}
    </Box>
  );
}
