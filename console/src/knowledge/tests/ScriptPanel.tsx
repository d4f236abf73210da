import { javascript } from '@codemirror/lang-javascript';
import AddIcon from '@mui/icons-material/Add';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import { Box, Link, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import CodeMirror, { type ReactCodeMirrorRef } from '@uiw/react-codemirror';
import { useRef } from 'react';
import { useTranslate } from 'react-admin';
// what the sandbox supports, as a page of its own (console/build/markdownPage.ts)
import pmApiUrl from '../../../../docs/api/pm-api.md?page';

const EXTENSIONS = [javascript()];

/** The pm API's everyday lines (docs/api/pm-api.md), each with the label it is listed under as its test's name. */
const SNIPPETS: Record<'pre' | 'test', { key: string; code: (name: string) => string }[]> = {
  pre: [
    { key: 'get_variable', code: () => "const token = pm.environment.get('token');\n" },
    { key: 'header', code: () => "pm.request.headers.add({ key: 'X-Request-Id', value: String(Date.now()) });\n" },
    { key: 'set_variable', code: () => "pm.variables.set('timestamp', String(Date.now()));\n" },
    { key: 'log', code: () => 'console.log(pm.request.url.toString());\n' },
  ],
  test: [
    {
      key: 'status',
      code: (name) => `pm.test(${JSON.stringify(name)}, () => {\n  pm.response.to.have.status(200);\n});\n`,
    },
    {
      key: 'json_field',
      code: (name) =>
        `pm.test(${JSON.stringify(name)}, () => {\n  const body = pm.response.json();\n  pm.expect(body.code).to.eql(200);\n});\n`,
    },
    {
      key: 'set_variable',
      code: () => "pm.environment.set('token', pm.response.json().data.token);\n",
    },
    {
      key: 'response_time',
      code: (name) =>
        `pm.test(${JSON.stringify(name)}, () => {\n  pm.expect(pm.response.responseTime).to.be.below(500);\n});\n`,
    },
    { key: 'log', code: () => 'console.log(pm.response.text());\n' },
  ],
};

/** A case's pre-request or test script: JavaScript run in the sandbox with the pm API, and snippets to insert. */
export function ScriptPanel({
  phase,
  value,
  readOnly,
  onChange,
}: {
  phase: 'pre' | 'test';
  value: string;
  readOnly: boolean;
  onChange(value: string): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.scripts.${key}`);
  const editor = useRef<ReactCodeMirrorRef>(null);
  const insert = (code: string) => {
    const view = editor.current?.view;
    if (!view) return onChange(`${value}${value && !value.endsWith('\n') ? '\n' : ''}${code}`);
    // at the cursor, on a line of its own
    const { from } = view.state.selection.main;
    const line = view.state.doc.lineAt(from);
    const at = line.text.trim() ? line.to : from;
    const text = line.text.trim() ? `\n${code}` : code;
    view.dispatch({ changes: { from: at, insert: text }, selection: { anchor: at + text.length } });
    view.focus();
  };

  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t(`${phase}_hint`)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', lg: 'minmax(0, 1fr) 220px' } }}>
        <Box
          data-testid={`case-script-${phase}`}
          sx={{
            border: 1,
            borderColor: 'divider',
            borderRadius: 1,
            overflow: 'hidden',
            '& .cm-editor': { fontSize: 13 },
          }}
        >
          <CodeMirror
            ref={editor}
            value={value}
            onChange={onChange}
            extensions={EXTENSIONS}
            editable={!readOnly}
            readOnly={readOnly}
            minHeight="220px"
            maxHeight="480px"
            basicSetup={{ foldGutter: false }}
            aria-label={translate(`app.knowledge.tests.request.tabs.${phase}`)}
          />
        </Box>
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, alignSelf: 'start' }}>
          {!readOnly && (
            <List
              dense
              disablePadding
              subheader={
                <Typography variant="caption" color="text.secondary" sx={{ display: 'block', px: 1.5, pt: 1 }}>
                  {t('cheat')}
                </Typography>
              }
            >
              {SNIPPETS[phase].map((snippet) => (
                <ListItemButton
                  key={snippet.key}
                  onClick={() => insert(snippet.code(t(`snippets.${snippet.key}`)))}
                  sx={{ py: 0.25 }}
                >
                  <AddIcon sx={{ fontSize: 15, mr: 0.75, color: 'primary.main' }} />
                  <ListItemText primary={t(`snippets.${snippet.key}`)} slotProps={{ primary: { fontSize: 13 } }} />
                </ListItemButton>
              ))}
            </List>
          )}
          <Link
            href={pmApiUrl}
            target="_blank"
            rel="noopener"
            underline="hover"
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 0.5,
              px: 1.5,
              py: 1,
              fontSize: 13,
              borderTop: 1,
              borderColor: 'divider',
            }}
            data-testid="pm-api-help"
          >
            <HelpOutlineIcon sx={{ fontSize: 16 }} />
            {t('help')}
          </Link>
        </Box>
      </Box>
    </Box>
  );
}
