import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Alert,
  Box,
  Button,
  FormControlLabel,
  IconButton,
  LinearProgress,
  Paper,
  Radio,
  RadioGroup,
  Stack,
  Switch,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { copyText } from '../../clipboard/copyText';
import type { TabProps } from '../settings/ProjectSettingsPage';
import { hasMock, type MockSettings, mockApi, mockBaseUrl, mockKeys, useMockSettings } from './mockApi';

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

/** The project settings' Mock tab: who may call the mock, whether it checks requests, and the token. */
export const MockSettingsTab = ({ projectId, readOnly }: TabProps) => {
  const translate = useTranslate();
  const { data: settings, isPending, error } = useMockSettings(projectId);
  if (!hasMock(projectId)) {
    return (
      <Alert severity="info" data-testid="mock-settings-local">
        {translate('app.knowledge.mock.local')}
      </Alert>
    );
  }
  if (isPending) return <LinearProgress />;
  if (error || !settings) {
    return (
      <Alert severity="warning" data-testid="mock-settings-error">
        {translate('app.knowledge.mock.unavailable', { error: error?.message ?? '' })}
      </Alert>
    );
  }
  return <MockSettingsForm projectId={projectId} settings={settings} readOnly={readOnly} />;
};

const MockSettingsForm = ({
  projectId,
  settings,
  readOnly,
}: {
  projectId: number;
  settings: MockSettings;
  readOnly: boolean;
}) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.mock.settings.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [confirmReset, setConfirmReset] = useState(false);
  const base = mockBaseUrl(projectId, settings);

  const save = async (change: Parameters<typeof mockApi.saveSettings>[1], done: string) => {
    setBusy(true);
    try {
      const saved = await mockApi.saveSettings(projectId, change);
      queryClient.setQueryData(mockKeys.settings(projectId), saved);
      notify(done, { type: 'success' });
    } catch {
      // the request client toasted the refusal
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: mockKeys.project(projectId) });
    }
  };
  const copy = async (text: string) => {
    if (await copyText(text)) notify('app.knowledge.mock.copied', { type: 'success' });
  };
  const usage = [
    `curl '${base}/<path>'${settings.access === 'token' ? ` \\\n  --header 'X-Mock-Token: ${settings.token || '<token>'}'` : ''}`,
  ].join('\n');

  return (
    <Stack spacing={2.5} data-testid="mock-settings" sx={{ maxWidth: 760 }}>
      <Typography variant="body2" color="text.secondary">
        {t('intro', { base })}
      </Typography>
      {readOnly && (
        <Alert severity="info" data-testid="mock-settings-read-only">
          {t('read_only')}
        </Alert>
      )}
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('base')}
        </Typography>
        <Stack direction="row" alignItems="center" spacing={1}>
          <Box
            component="code"
            data-testid="mock-base-url"
            sx={{ ...mono, px: 1, py: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}
          >
            {base}
          </Box>
          <Tooltip title={translate('app.knowledge.mock.copy_url')}>
            <IconButton size="small" onClick={() => copy(base)} aria-label={translate('app.knowledge.mock.copy_url')}>
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
        </Stack>
      </Box>
      <Box>
        <Typography variant="subtitle2">{t('access')}</Typography>
        <RadioGroup
          value={settings.access}
          onChange={(event) => save({ access: event.target.value as MockSettings['access'] }, t('saved'))}
          aria-label={t('access')}
        >
          {(['token', 'public'] as const).map((access) => (
            <FormControlLabel
              key={access}
              value={access}
              disabled={readOnly || busy}
              control={<Radio size="small" />}
              label={
                <Box>
                  <Typography variant="body2">{t(`access_${access}`)}</Typography>
                  <Typography variant="caption" color="text.secondary">
                    {t(`access_${access}_hint`)}
                  </Typography>
                </Box>
              }
              sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            />
          ))}
        </RadioGroup>
      </Box>
      <FormControlLabel
        control={
          <Switch
            checked={settings.validateRequests}
            disabled={readOnly || busy}
            onChange={(event) => save({ validateRequests: event.target.checked }, t('saved'))}
          />
        }
        label={
          <Box>
            <Typography variant="body2">{t('validate')}</Typography>
            <Typography variant="caption" color="text.secondary">
              {t('validate_hint')}
            </Typography>
          </Box>
        }
        sx={{ alignItems: 'flex-start', ml: 0, gap: 1 }}
      />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="mock-token">
        <Typography variant="subtitle2" sx={{ mb: 1 }}>
          {t('token')}
        </Typography>
        {settings.token ? (
          <Stack direction="row" alignItems="center" spacing={1} flexWrap="wrap" useFlexGap>
            <Box
              component="code"
              data-testid="mock-token-value"
              sx={{ ...mono, px: 1, py: 0.5, bgcolor: 'action.hover', borderRadius: 1 }}
            >
              {settings.token}
            </Box>
            <Tooltip title={t('copy_token')}>
              <IconButton size="small" onClick={() => copy(settings.token)} aria-label={t('copy_token')}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Tooltip>
            {!readOnly && (
              <Button
                size="small"
                color="warning"
                startIcon={<RefreshIcon />}
                disabled={busy}
                onClick={() => setConfirmReset(true)}
              >
                {t('reset')}
              </Button>
            )}
          </Stack>
        ) : (
          <Typography variant="body2" color="text.secondary">
            {t('token_hidden')}
          </Typography>
        )}
      </Paper>
      <Box>
        <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('usage')}
        </Typography>
        <Box
          component="pre"
          sx={{ ...mono, m: 0, p: 1.5, bgcolor: '#1e2430', color: '#e6e9ef', borderRadius: 1, overflow: 'auto' }}
        >
          {usage}
        </Box>
      </Box>
      <Confirm
        isOpen={confirmReset}
        title={t('reset_title')}
        content={t('reset_confirm')}
        confirm={t('reset')}
        onConfirm={async () => {
          setConfirmReset(false);
          await save({ resetToken: true }, t('reset_done'));
        }}
        onClose={() => setConfirmReset(false)}
      />
    </Stack>
  );
};
