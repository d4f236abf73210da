import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Alert,
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  Paper,
  Tab,
  Tabs,
  Tooltip,
  Typography,
} from '@mui/material';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { copyText } from '../../clipboard/copyText';
import { type DocDetail, useProjectStructure } from '../docApi';
import { isLocalKnowledge } from '../transport';
import { FieldSuggestProject } from './fieldSuggest';
import { mockBaseUrl, useMockSettings } from './mockApi';
import { TryPanel } from './TryPanel';

// The expectation editor brings the code and schema editors: loaded when its tab is first opened.
const ExpectationsEditor = lazy(() => import('./ExpectationsEditor').then((m) => ({ default: m.ExpectationsEditor })));

const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace', fontSize: 13 } as const;

/**
 * The Mock part of an api document: the address this document answers on, a panel that calls it, and the
 * document's expectations.
 */
export default function MockSection({ detail, canWrite }: { detail: DocDetail; canWrite: boolean }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.mock.${key}`, options);
  const notify = useNotify();
  const [tab, setTab] = useState<'try' | 'expectations'>('try');
  // the expectation editor is loaded when its tab is first opened, and kept from then on
  const [expectationsOpened, setExpectationsOpened] = useState(false);
  const { projectId, projectStructureId } = detail;
  const local = isLocalKnowledge();
  const { data: settings, isPending, error } = useMockSettings(projectId, !local);
  const { data: tree } = useProjectStructure(projectId);
  const models = useMemo(() => (tree?.nodes ?? []).filter((n) => n.kind === 'schema').map((n) => n.name), [tree]);
  const api = detail.api;
  if (!api) return null;

  const body = () => {
    if (local) return <Alert severity="info">{t('local')}</Alert>;
    if (isPending) return <LinearProgress />;
    if (error || !settings)
      return <Alert severity="warning">{t('unavailable', { error: error?.message ?? '' })}</Alert>;
    const address = `${mockBaseUrl(projectId, settings)}${api.path.startsWith('/') ? '' : '/'}${api.path}`;
    return (
      <>
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, py: 1, borderBottom: 1, borderColor: 'divider' }}
        >
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {t('url')}
          </Typography>
          {/* one line, cut at the end when the pane is narrow: the copy button and the tooltip give it whole */}
          <Typography component="code" data-testid="mock-url" noWrap title={address} sx={{ ...mono, minWidth: 0 }}>
            {address}
          </Typography>
          <Tooltip title={t('copy_url')}>
            <IconButton
              size="small"
              aria-label={t('copy_url')}
              onClick={async () => {
                if (await copyText(address)) notify('app.knowledge.mock.copied', { type: 'success' });
              }}
            >
              <ContentCopyIcon fontSize="small" />
            </IconButton>
          </Tooltip>
          <Box sx={{ flex: 1 }} />
          <Chip
            sx={{ flexShrink: 0 }}
            size="small"
            variant="outlined"
            color={settings.access === 'public' ? 'success' : 'default'}
            label={t(settings.access === 'public' ? 'access_public' : 'access_token')}
          />
          <Button
            size="small"
            component={Link}
            to={`/project/setting/${projectId}?tab=mock`}
            startIcon={<SettingsIcon fontSize="small" />}
            sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
          >
            {t('settings_link')}
          </Button>
        </Box>
        <Tabs
          value={tab}
          onChange={(_event, value) => {
            setTab(value);
            if (value === 'expectations') setExpectationsOpened(true);
          }}
          sx={{ px: 1, minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
        >
          <Tab value="try" label={t('tabs.try')} sx={{ minHeight: 40 }} />
          <Tab value="expectations" label={t('tabs.expectations')} sx={{ minHeight: 40 }} />
        </Tabs>
        <Box sx={{ p: 2 }} role="tabpanel" data-tab={tab}>
          {/* Both panels stay mounted once opened, so switching tabs loses neither a reply nor unsaved expectations. */}
          <Box sx={{ display: tab === 'try' ? undefined : 'none' }}>
            {/* a new version of the document, or a new token, starts the panel over from them */}
            <TryPanel
              key={`${detail.version}-${settings.access}-${settings.token}`}
              api={api}
              projectId={projectId}
              settings={settings}
            />
          </Box>
          {expectationsOpened && (
            <Box sx={{ display: tab === 'expectations' ? undefined : 'none' }}>
              <Suspense fallback={<LinearProgress />}>
                <FieldSuggestProject.Provider value={projectId}>
                  <ExpectationsEditor
                    projectId={projectId}
                    projectStructureId={projectStructureId}
                    canWrite={canWrite}
                    models={models}
                  />
                </FieldSuggestProject.Provider>
              </Suspense>
            </Box>
          )}
        </Box>
      </>
    );
  };

  return (
    <Box component="section" sx={{ mb: 3 }} data-testid="mock-section">
      <Typography variant="subtitle1" fontWeight={600} sx={{ mb: 1 }}>
        {t('section')}
      </Typography>
      <Paper variant="outlined" sx={{ overflow: 'hidden' }}>
        {body()}
      </Paper>
    </Box>
  );
}
