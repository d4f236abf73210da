import CheckIcon from '@mui/icons-material/Check';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, IconButton, MenuItem, Paper, Tab, Tabs, TextField, Tooltip } from '@mui/material';
import { useMemo, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { copyText } from '../../clipboard/copyText';
import type { ApiDoc, Environment } from '../docApi';
import { renderSnippet, SNIPPET_LANGUAGES, type SnippetLanguage, snippetRequest } from './snippets';

/** Request snippets in six languages on the chosen environment's base URL, with copy. */
export default function SnippetPanel({ api, environments }: { api: ApiDoc; environments: Environment[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const [language, setLanguage] = useState<SnippetLanguage>('curl');
  const [environmentId, setEnvironmentId] = useState<number>(0);
  const [copied, setCopied] = useState(false);
  const environment = environments.find((e) => e.projectConfigId === environmentId) ?? environments[0];
  const code = useMemo(() => renderSnippet(language, snippetRequest(api, environment)), [api, environment, language]);

  const copy = async () => {
    if (await copyText(code)) {
      setCopied(true);
      notify('app.knowledge.doc.copied', { type: 'success' });
      setTimeout(() => setCopied(false), 1500);
    }
  };

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden', bgcolor: '#1e2430', color: '#e6e9ef' }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 1, pt: 1 }}>
        <TextField
          select
          size="small"
          label={translate('app.knowledge.doc.environment')}
          value={environment?.projectConfigId ?? 0}
          onChange={(event) => setEnvironmentId(Number(event.target.value))}
          sx={{
            minWidth: 160,
            '& .MuiInputBase-root': { color: '#e6e9ef', fontSize: 13 },
            '& label': { color: '#aab2c0' },
            '& fieldset': { borderColor: '#3a4252' },
            '& svg': { color: '#aab2c0' },
          }}
        >
          {environments.length === 0 && <MenuItem value={0}>http://localhost</MenuItem>}
          {environments.map((env) => (
            <MenuItem key={env.projectConfigId} value={env.projectConfigId}>
              {env.name} {env.baseUrl && `· ${env.baseUrl}`}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flex: 1 }} />
        <Tooltip title={translate('app.knowledge.doc.copy_code')}>
          <IconButton
            size="small"
            onClick={copy}
            aria-label={translate('app.knowledge.doc.copy_code')}
            sx={{ color: '#e6e9ef' }}
          >
            {copied ? <CheckIcon fontSize="small" /> : <ContentCopyIcon fontSize="small" />}
          </IconButton>
        </Tooltip>
      </Box>
      <Tabs
        value={language}
        onChange={(_, value) => setLanguage(value)}
        variant="scrollable"
        scrollButtons="auto"
        aria-label={translate('app.knowledge.doc.snippets')}
        sx={{
          minHeight: 36,
          px: 1,
          '& .MuiTab-root': { minHeight: 36, py: 0, px: 1.25, fontSize: 12, color: '#aab2c0', textTransform: 'none' },
          '& .Mui-selected': { color: '#fff !important' },
        }}
      >
        {SNIPPET_LANGUAGES.map((l) => (
          <Tab key={l.id} value={l.id} label={l.label} />
        ))}
      </Tabs>
      <Box
        component="pre"
        data-testid="snippet-code"
        sx={{
          m: 0,
          p: 1.5,
          maxHeight: 420,
          overflow: 'auto',
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 12.5,
          lineHeight: 1.6,
          borderTop: '1px solid #3a4252',
        }}
      >
        {code}
      </Box>
    </Paper>
  );
}
