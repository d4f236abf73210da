import AddIcon from '@mui/icons-material/Add';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import type { Step } from '@pmbok/runner';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { StructureNode } from '../docApi';
import { MethodTag } from '../workspace/DocTree';
import { STEP_ICONS } from './stepIcons';
import { newStep, type StepKind } from './stepTree';
import type { TestCaseSummary, TestScenarioSummary } from './testsApi';

const KINDS: StepKind[] = ['case', 'scenario', 'wait', 'if', 'loop'];

export interface StepChoices {
  cases: TestCaseSummary[];
  scenarios: TestScenarioSummary[];
  nodes: readonly StructureNode[];
  /** The scenario being edited: it cannot be a step of itself. */
  selfId: number;
}

/** 添加步骤: a menu of kinds; cases (several at once) and scenarios are picked in a dialog. */
export function AddStepButton({
  choices,
  onAdd,
  size = 'medium',
}: {
  choices: StepChoices;
  onAdd(steps: Step[]): void;
  size?: 'small' | 'medium';
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.steps.${key}`, options);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [picking, setPicking] = useState<'' | 'case' | 'scenario'>('');
  const [pickedCases, setPickedCases] = useState<TestCaseSummary[]>([]);
  const [pickedScenario, setPickedScenario] = useState<TestScenarioSummary | null>(null);
  const docs = new Map(choices.nodes.map((n) => [n.projectStructureId, n]));

  const choose = (kind: StepKind) => {
    setAnchor(null);
    if (kind === 'case' || kind === 'scenario') {
      setPickedCases([]);
      setPickedScenario(null);
      setPicking(kind);
    } else onAdd([newStep(kind)]);
  };
  const confirm = () => {
    if (picking === 'case') onAdd(pickedCases.map((c) => newStep('case', String(c.testCaseId))));
    if (picking === 'scenario' && pickedScenario) onAdd([newStep('scenario', String(pickedScenario.testScenarioId))]);
    setPicking('');
  };

  return (
    <>
      <Button
        size={size}
        variant={size === 'small' ? 'text' : 'outlined'}
        startIcon={<AddIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        data-testid="add-step"
      >
        {t('add')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {KINDS.map((kind) => {
          const Icon = STEP_ICONS[kind];
          return (
            <MenuItem key={kind} onClick={() => choose(kind)} dense>
              <ListItemIcon>
                <Icon fontSize="small" />
              </ListItemIcon>
              <ListItemText>{t(`kinds.${kind}`)}</ListItemText>
            </MenuItem>
          );
        })}
      </Menu>
      <Dialog open={picking !== ''} onClose={() => setPicking('')} maxWidth="sm" fullWidth>
        <DialogTitle>{t(picking === 'scenario' ? 'pick_scenario' : 'pick_cases')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          {picking === 'case' ? (
            <Autocomplete
              multiple
              openOnFocus
              options={choices.cases}
              value={pickedCases}
              onChange={(_e, value) => setPickedCases(value)}
              groupBy={(c) =>
                docs.get(c.projectStructureId)?.name ?? translate('app.knowledge.tests.cases.deleted_docs')
              }
              getOptionLabel={(c) => c.name}
              isOptionEqualToValue={(a, b) => a.testCaseId === b.testCaseId}
              renderOption={({ key, ...props }, c) => (
                <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
                  <MethodTag method={c.method} />
                  <Typography variant="body2" noWrap>
                    {c.name}
                  </Typography>
                </Box>
              )}
              renderInput={(params) => (
                <TextField {...params} autoFocus label={t('pick_cases')} helperText={t('pick_cases_hint')} />
              )}
            />
          ) : (
            <Autocomplete
              openOnFocus
              options={choices.scenarios.filter((s) => s.testScenarioId !== choices.selfId)}
              value={pickedScenario}
              onChange={(_e, value) => setPickedScenario(value)}
              getOptionLabel={(s) => s.name}
              isOptionEqualToValue={(a, b) => a.testScenarioId === b.testScenarioId}
              renderInput={(params) => <TextField {...params} autoFocus label={t('pick_scenario')} />}
            />
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setPicking('')}>{translate('ra.action.cancel')}</Button>
          <Button
            variant="contained"
            onClick={confirm}
            disabled={picking === 'case' ? pickedCases.length === 0 : !pickedScenario}
          >
            {picking === 'case' ? t('add_selected', { smart_count: pickedCases.length }) : translate('ra.action.add')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
