import { Badge, Box, MenuItem, Stack, Tab, Tabs, TextField } from '@mui/material';
import type { RequestSpec, TestCaseContent } from '@pmbok/runner';
import { useTranslate } from 'react-admin';
import { methodColor } from '../workspace/treeModel';
import { AssertionsTable } from './AssertionsTable';
import { BodyEditor } from './BodyEditor';
import { METHODS, syncPathParams } from './caseDraft';
import { ExtractionsTable } from './ExtractionsTable';
import { mono } from './format';
import { KeyValueTable } from './KeyValueTable';
import { usePageMemory } from './pageMemory';
import { ScriptPanel } from './ScriptPanel';

type TabKey = 'params' | 'headers' | 'body' | 'assertions' | 'extractions' | 'pre' | 'test';
const TABS: TabKey[] = ['params', 'headers', 'body', 'assertions', 'extractions', 'pre', 'test'];

/** The request line (method and URL) and a case's parts in tabs, Postman's layout. */
export function CaseRequestTabs({
  content,
  readOnly,
  onChange,
}: {
  content: TestCaseContent;
  readOnly: boolean;
  onChange(content: TestCaseContent): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.request.${key}`);
  const [tab, setTab] = usePageMemory<TabKey>('tests.caseTab', 'params');
  const { request } = content;
  const setRequest = (patch: Partial<RequestSpec>) => onChange({ ...content, request: { ...request, ...patch } });
  const enabledCount = (rows: { name: string; enabled?: boolean }[] | undefined) =>
    (rows ?? []).filter((row) => row.name.trim() && row.enabled !== false).length;
  const counts: Partial<Record<TabKey, number>> = {
    params: enabledCount(request.query) + (request.pathParams?.length ?? 0),
    headers: enabledCount(request.headers),
    assertions: content.assertions.length,
    extractions: content.extractions.length,
  };
  const dots: Partial<Record<TabKey, boolean>> = {
    body: (request.body?.type ?? 'none') !== 'none',
    pre: content.preScript.trim() !== '',
    test: content.testScript.trim() !== '',
  };

  return (
    <Box>
      <Stack direction="row" spacing={1} alignItems="flex-start">
        <TextField
          select
          size="small"
          hiddenLabel
          value={request.method}
          disabled={readOnly}
          onChange={(event) => setRequest({ method: event.target.value })}
          slotProps={{ htmlInput: { 'aria-label': t('method') } }}
          sx={{
            width: 120,
            flex: 'none',
            '& .MuiSelect-select': { fontWeight: 700, color: methodColor(request.method) },
          }}
        >
          {METHODS.map((method) => (
            <MenuItem key={method} value={method} sx={{ fontWeight: 700, color: methodColor(method), fontSize: 13 }}>
              {method}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          hiddenLabel
          fullWidth
          value={request.url}
          disabled={readOnly}
          placeholder="/users/{id}"
          helperText={t('url_hint')}
          onChange={(event) =>
            setRequest({ url: event.target.value, pathParams: syncPathParams(event.target.value, request.pathParams) })
          }
          slotProps={{ htmlInput: { 'aria-label': t('url'), spellCheck: false } }}
          sx={{ '& input': mono }}
        />
      </Stack>
      <Tabs
        value={tab}
        onChange={(_event, next: TabKey) => setTab(next)}
        variant="scrollable"
        sx={{ mt: 1, minHeight: 40, borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((key) => (
          <Tab
            key={key}
            value={key}
            sx={{ minHeight: 40, minWidth: 0, px: 1.5 }}
            label={
              <Badge color="primary" variant="dot" invisible={!dots[key]} sx={{ '& .MuiBadge-dot': { right: -6 } }}>
                {counts[key]
                  ? `${translate(`app.knowledge.tests.request.tabs.${key}`)} ${counts[key]}`
                  : translate(`app.knowledge.tests.request.tabs.${key}`)}
              </Badge>
            }
          />
        ))}
      </Tabs>
      <Box sx={{ pt: 2 }} role="tabpanel" data-tab={tab}>
        {tab === 'params' && (
          <Stack spacing={2}>
            {(request.pathParams?.length ?? 0) > 0 && (
              <Box>
                <Box sx={{ typography: 'subtitle2', mb: 0.5 }}>{t('path_params')}</Box>
                <KeyValueTable
                  rows={request.pathParams ?? []}
                  lockedNames
                  readOnly={readOnly}
                  label={t('path_params')}
                  onChange={(pathParams) => setRequest({ pathParams })}
                  testId="case-path-params"
                />
              </Box>
            )}
            <Box>
              <Box sx={{ typography: 'subtitle2', mb: 0.5 }}>{t('query')}</Box>
              <KeyValueTable
                rows={request.query ?? []}
                readOnly={readOnly}
                label={t('query')}
                onChange={(query) => setRequest({ query })}
                testId="case-query"
              />
            </Box>
          </Stack>
        )}
        {tab === 'headers' && (
          <KeyValueTable
            rows={request.headers ?? []}
            readOnly={readOnly}
            label={translate('app.knowledge.tests.request.tabs.headers')}
            onChange={(headers) => setRequest({ headers })}
            testId="case-headers"
          />
        )}
        {tab === 'body' && (
          <BodyEditor
            body={request.body ?? { type: 'none' }}
            readOnly={readOnly}
            onChange={(body) => setRequest({ body })}
          />
        )}
        {tab === 'assertions' && (
          <AssertionsTable
            assertions={content.assertions}
            readOnly={readOnly}
            onChange={(assertions) => onChange({ ...content, assertions })}
          />
        )}
        {tab === 'extractions' && (
          <ExtractionsTable
            extractions={content.extractions}
            readOnly={readOnly}
            onChange={(extractions) => onChange({ ...content, extractions })}
          />
        )}
        {tab === 'pre' && (
          <ScriptPanel
            phase="pre"
            value={content.preScript}
            readOnly={readOnly}
            onChange={(preScript) => onChange({ ...content, preScript })}
          />
        )}
        {tab === 'test' && (
          <ScriptPanel
            phase="test"
            value={content.testScript}
            readOnly={readOnly}
            onChange={(testScript) => onChange({ ...content, testScript })}
          />
        )}
      </Box>
    </Box>
  );
}
