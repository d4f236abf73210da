import { javascript } from '@codemirror/lang-javascript';
import { Alert, Box, Button, LinearProgress, Paper, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import CodeMirror from '@uiw/react-codemirror';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { knowledgeApi, knowledgeKeys } from '../knowledgeApi';
import { decryptScript, encryptScript } from '../scriptCipher';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

const EXTENSIONS = [javascript()];

/** The before and after scripts, decrypted for editing and encrypted again for the wire (SPEC §7). */
export const ScriptsTab = ({ projectId, readOnly }: TabProps) => {
  const translate = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: knowledgeKeys.scripts(projectId),
    queryFn: () => knowledgeApi.scripts(projectId),
  });
  if (isPending || !data) return <LinearProgress />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="scripts-tab">
      <Typography variant="body2" color="text.secondary">
        {translate('app.knowledge.scripts.run_note')}
      </Typography>
      <ScriptEditor projectId={projectId} which="before" wire={data.beforeScript} readOnly={readOnly} />
      <ScriptEditor projectId={projectId} which="after" wire={data.afterScript} readOnly={readOnly} />
    </Box>
  );
};

interface ScriptEditorProps {
  projectId: number;
  which: 'before' | 'after';
  /** The script as it travelled (encrypted). */
  wire: string;
  readOnly: boolean;
}

const ScriptEditor = ({ projectId, which, wire, readOnly }: ScriptEditorProps) => {
  const translate = useTranslate();
  const saved = decryptScript(wire);
  const [text, setText] = useState(saved ?? '');
  const { busy, run } = useProjectChange(projectId);
  const dirty = text !== (saved ?? '');

  return (
    <Paper variant="outlined" sx={{ overflow: 'hidden' }} data-testid={`script-${which}`}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, px: 2, py: 1, bgcolor: 'action.hover' }}>
        <Box sx={{ flex: 1 }}>
          <Typography variant="subtitle2">{translate(`app.knowledge.scripts.${which}`)}</Typography>
          <Typography variant="caption" color="text.secondary">
            {translate(`app.knowledge.scripts.${which}_hint`)}
          </Typography>
        </Box>
        {!readOnly && (
          <Button
            variant="contained"
            size="small"
            disabled={busy || !dirty}
            onClick={() =>
              run(() => knowledgeApi.saveScript(projectId, which, encryptScript(text)), 'app.knowledge.scripts.saved')
            }
          >
            {translate('app.knowledge.scripts.save')}
          </Button>
        )}
      </Box>
      {saved === undefined && (
        <Alert severity="warning" sx={{ borderRadius: 0 }}>
          {translate('app.knowledge.scripts.undecryptable')}
        </Alert>
      )}
      <CodeMirror
        value={text}
        onChange={setText}
        extensions={EXTENSIONS}
        editable={!readOnly}
        readOnly={readOnly}
        minHeight="180px"
        maxHeight="420px"
        placeholder={readOnly ? translate('app.knowledge.scripts.empty_read_only') : PLACEHOLDERS[which]}
        basicSetup={{ foldGutter: false }}
        aria-label={translate(`app.knowledge.scripts.${which}`)}
      />
    </Paper>
  );
};

// Examples in the placeholder, so an empty editor shows what a script looks like.
const PLACEHOLDERS = {
  before:
    "// pm.environment.set('timestamp', Date.now());\n// pm.request.headers.add({ key: 'X-Sign', value: sign() });",
  after: "// const body = pm.response.json();\n// pm.environment.set('token', body.data.token);",
};
