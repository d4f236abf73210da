import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import { Box, ListItemText, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { Environment } from '../docApi';

/** The project's mock, which every run can reach: `projectConfigId` 0 (docs/api/tests.md, "Environments"). */
export const MOCK_CONFIG_ID = 0;

/** The name a run's report gives the mock environment (docs/api/tests.md, "Environments"). */
export const MOCK_ENVIRONMENT_NAME = 'Mock 服务';

/** A run's environment as the console names it: the mock is 模拟环境 (Mock) here as in the picker. */
export const environmentLabel = (name: string, translate: (key: string) => string) =>
  name === MOCK_ENVIRONMENT_NAME ? translate('app.knowledge.tests.mock_environment') : name;

const STORE_KEY = (projectId: number) => `knowledge.tests.environment.${projectId}`;

/** The environment a case run last used in this browser, if it still exists; else the first one, else the mock. */
export function rememberedEnvironment(projectId: number, environments: Environment[]): number {
  const stored = Number(localStorage.getItem(STORE_KEY(projectId)) ?? Number.NaN);
  if (stored === MOCK_CONFIG_ID || environments.some((e) => e.projectConfigId === stored)) return stored;
  return environments[0]?.projectConfigId ?? MOCK_CONFIG_ID;
}

export const rememberEnvironment = (projectId: number, projectConfigId: number) =>
  localStorage.setItem(STORE_KEY(projectId), String(projectConfigId));

/** The project's environments and its mock, by name with the base URL beneath. */
export function EnvironmentPicker({
  environments,
  value,
  disabled,
  onChange,
  width = 220,
}: {
  environments: Environment[];
  value: number;
  disabled?: boolean;
  onChange(projectConfigId: number): void;
  width?: number;
}) {
  const translate = useTranslate();
  const known = value === MOCK_CONFIG_ID || environments.some((e) => e.projectConfigId === value);
  return (
    <TextField
      select
      size="small"
      label={translate('app.knowledge.tests.environment')}
      value={known ? value : ''}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value))}
      sx={{ width, flex: 'none' }}
      slotProps={{
        select: {
          renderValue: (selected) => (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75, overflow: 'hidden' }}>
              <DnsOutlinedIcon sx={{ fontSize: 16, color: 'primary.main' }} />
              <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {Number(selected) === MOCK_CONFIG_ID
                  ? translate('app.knowledge.tests.mock_environment')
                  : (environments.find((e) => e.projectConfigId === Number(selected))?.name ??
                    translate('app.knowledge.tests.environment_missing'))}
              </Box>
            </Box>
          ),
        },
        htmlInput: { 'data-testid': 'environment-picker' },
      }}
    >
      {environments.map((environment) => (
        <MenuItem key={environment.projectConfigId} value={environment.projectConfigId} dense>
          <ListItemText
            primary={environment.name}
            secondary={environment.baseUrl || ' '}
            slotProps={{ secondary: { sx: { fontFamily: 'monospace', fontSize: 12 } } }}
          />
        </MenuItem>
      ))}
      <MenuItem value={MOCK_CONFIG_ID} dense>
        <ListItemText
          primary={translate('app.knowledge.tests.mock_environment')}
          secondary={`/mock/…`}
          slotProps={{ secondary: { sx: { fontFamily: 'monospace', fontSize: 12 } } }}
        />
      </MenuItem>
    </TextField>
  );
}
