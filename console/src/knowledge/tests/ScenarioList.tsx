import AccountTreeOutlinedIcon from '@mui/icons-material/AccountTreeOutlined';
import AddIcon from '@mui/icons-material/Add';
import { Box, Button, List, ListItemButton, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { StatusDot } from './StatusChip';
import type { TestScenarioSummary } from './testsApi';

/** The scenarios pane: each with its steps, data rows and last run; 新建场景 on top. */
export function ScenarioList({
  scenarios,
  selectedId,
  canWrite,
  onSelect,
  onNew,
}: {
  scenarios: TestScenarioSummary[];
  selectedId: number | 'new';
  canWrite: boolean;
  onSelect(testScenarioId: number): void;
  onNew(): void;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.scenarios.${key}`, options);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      {canWrite && (
        <Box sx={{ p: 1 }}>
          <Button fullWidth variant="outlined" startIcon={<AddIcon />} onClick={onNew}>
            {t('new')}
          </Button>
        </Box>
      )}
      {scenarios.length === 0 ? (
        <Box sx={{ p: 2, textAlign: 'center' }}>
          <AccountTreeOutlinedIcon sx={{ fontSize: 36, color: 'text.disabled' }} />
          <Typography variant="body2" sx={{ fontWeight: 600, mt: 1 }}>
            {t('empty')}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {t('empty_hint')}
          </Typography>
        </Box>
      ) : (
        <List component="div" dense disablePadding sx={{ overflow: 'auto', flex: 1 }} data-testid="scenario-list">
          {scenarios.map((scenario) => (
            <ListItemButton
              key={scenario.testScenarioId}
              selected={scenario.testScenarioId === selectedId}
              onClick={() => onSelect(scenario.testScenarioId)}
              data-testid="scenario-item"
              data-name={scenario.name}
              sx={{ gap: 1.25, py: 0.75, borderBottom: 1, borderColor: 'divider' }}
            >
              <StatusDot status={scenario.lastRun?.status ?? null} />
              <Box sx={{ minWidth: 0, flex: 1 }}>
                <Typography variant="body2" noWrap sx={{ fontWeight: 500 }}>
                  {scenario.name}
                </Typography>
                <Typography variant="caption" color="text.secondary" noWrap component="div">
                  {t('steps', { smart_count: scenario.stepCount })}
                  {scenario.dataRows > 0 && ` · ${t('rows', { smart_count: scenario.dataRows })}`}
                  {scenario.lastRun && ` · ${translate(`app.knowledge.tests.status.${scenario.lastRun.status}`)}`}
                </Typography>
              </Box>
            </ListItemButton>
          ))}
        </List>
      )}
    </Box>
  );
}
