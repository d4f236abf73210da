import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Chip, Paper, TextField, Typography } from '@mui/material';
import type { DocDetail, SchemaDoc } from '@pmbok/api-types';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { useProjectStructure } from '../docApi';
import { MergeDialog } from './MergeDialog';
import { mergeThreeWay } from './merge3';
import { SchemaEditor } from './SchemaEditor';
import { type SchemaProblem, schemaProblems, schemaToRows } from './schemaRows';
import { type DocCodec, useDocSave } from './useDocSave';
import { useSaveShortcut } from './useSaveShortcut';
import { useUnsavedGuard } from './useUnsavedGuard';

export interface SchemaModelEditorProps {
  projectId: number;
  detail: DocDetail;
  readOnly: boolean;
  onSaved(detail: DocDetail): void;
  onDirtyChange?(dirty: boolean): void;
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

// A model is an object in nearly every case, so a new one starts as one: its first field goes straight in.
const draftOf = (detail: DocDetail): SchemaDoc => ({
  description: detail.schema?.description ?? '',
  schema:
    isObject(detail.schema?.schema) && Object.keys(detail.schema.schema).length
      ? detail.schema.schema
      : {
          type: 'object',
        },
});

// The name is the tree's (renamed there), so a save never sends it: a rename elsewhere is not overwritten.
const codec: DocCodec<SchemaDoc> = {
  read: draftOf,
  write: (content) => ({ doc: content }),
  apply: (detail, content) => ({ ...detail, schema: content }),
};

const modelText = (content: SchemaDoc) => JSON.stringify(content, null, 2);

/**
 * A shared schema model (a `schema` node): its description and JSON Schema, which API documents refer to as
 * `#/components/schemas/<name>`. Saved like an API document: on its base version, Ctrl+S, merge on a conflict.
 */
const SchemaModelEditor = ({ projectId, detail, readOnly, onSaved, onDirtyChange }: SchemaModelEditorProps) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.editor.${key}`, options);
  const [base, setBase] = useState(detail);
  const [draft, setDraft] = useState(() => draftOf(detail));
  const [showProblems, setShowProblems] = useState(false);
  const savedText = useMemo(() => JSON.stringify(draftOf(base)), [base]);
  const dirty = !readOnly && JSON.stringify(draft) !== savedText;

  // As in the API editor: a newer version replaces the draft only while nothing is typed here.
  const latest = useRef({ base, dirty });
  latest.current = { base, dirty };
  useEffect(() => {
    const { base: current, dirty: typed } = latest.current;
    const sameDoc = current.projectStructureId === detail.projectStructureId;
    if (current === detail || (sameDoc && (typed || detail.version <= current.version))) return;
    setBase(detail);
    setDraft(draftOf(detail));
  }, [detail]);

  const dirtyReported = useRef<boolean | null>(null);
  useEffect(() => {
    if (dirtyReported.current === dirty) return;
    dirtyReported.current = dirty;
    onDirtyChange?.(dirty);
  }, [dirty, onDirtyChange]);
  useUnsavedGuard(dirty);

  const { data: tree } = useProjectStructure(projectId);
  const models = useMemo(
    () => (tree?.nodes ?? []).filter((node) => node.kind === 'schema').map((node) => node.name),
    [tree],
  );
  const problems = useMemo(() => schemaProblems(schemaToRows(draft.schema)), [draft.schema]);
  const problemText = (p: SchemaProblem) => t(`problems.schema_${p.problem}`, { path: p.path || '/', name: p.name });

  const { save, saving, conflict, resolveConflict, dismissConflict } = useDocSave<SchemaDoc>({
    projectId,
    codec,
    onSaved: (saved, content) => {
      setBase(saved);
      setDraft(content);
      setShowProblems(false);
      onSaved(saved);
    },
  });
  const merge = useMemo(
    () => (conflict ? mergeThreeWay(conflict.base, conflict.mine, draftOf(conflict.current)) : null),
    [conflict],
  );
  const trySave = () => {
    if (readOnly || saving || conflict) return;
    if (problems.length > 0) {
      setShowProblems(true);
      return;
    }
    void save(base, draft);
  };
  useSaveShortcut(trySave);

  const parseMerged = (text: string): SchemaDoc | string => {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (error) {
      return t('merge.invalid', { error: (error as Error).message });
    }
    if (!isObject(value) || !isObject(value.schema)) return t('model.not_object');
    return { description: typeof value.description === 'string' ? value.description : '', schema: value.schema };
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 4 }} data-testid="schema-model-editor">
      <Box
        sx={{
          position: 'sticky',
          top: 0,
          zIndex: 2,
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          py: 1,
          bgcolor: 'background.paper',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <Typography
          variant="h6"
          noWrap
          sx={{ flex: '1 1 auto', minWidth: '4em', fontFamily: 'monospace' }}
          title={t('model.name_hint')}
        >
          {base.name}
        </Typography>
        <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: '0 1 auto', minWidth: 0 }}>
          {t('version_line', {
            version: base.version,
            name: base.updatedByName || base.createdByName,
            time: formatMinute(base.updatedAt),
          })}
        </Typography>
        {readOnly ? (
          <Chip size="small" label={t('read_only')} />
        ) : (
          <>
            {dirty && (
              <Chip size="small" color="warning" variant="outlined" label={t('unsaved')} sx={{ flexShrink: 0 }} />
            )}
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              onClick={trySave}
              disabled={saving || !dirty}
              title={t('save_hint')}
              sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {translate(saving ? 'app.knowledge.editor.saving' : 'ra.action.save')}
            </Button>
          </>
        )}
      </Box>
      {showProblems && problems.length > 0 && (
        <Alert severity="error" onClose={() => setShowProblems(false)} data-testid="model-problems">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('problems.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((problem) => (
              <li key={`${problem.path}-${problem.problem}-${problem.name}`}>{problemText(problem)}</li>
            ))}
          </Box>
        </Alert>
      )}
      <Typography variant="caption" color="text.secondary" sx={{ mt: -1 }}>
        {t('model.name_hint')}
      </Typography>
      <TextField
        label={t('model.description')}
        placeholder={t('model.description_hint')}
        multiline
        minRows={3}
        maxRows={12}
        fullWidth
        value={draft.description}
        disabled={readOnly}
        onChange={(event) => setDraft((d) => ({ ...d, description: event.target.value }))}
      />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="model-schema">
        <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
          {t('model.schema')}
        </Typography>
        <SchemaEditor
          value={draft.schema}
          readOnly={readOnly}
          models={models}
          onChange={(schema) => setDraft((d) => ({ ...d, schema }))}
        />
      </Paper>
      {conflict && merge && (
        <MergeDialog
          open
          language="json"
          mine={modelText(conflict.mine)}
          merged={modelText(merge.merged)}
          note={
            merge.conflicts.length === 0
              ? t('merge.auto_merged')
              : t('merge.auto_conflicts', { smart_count: merge.conflicts.length, fields: merge.conflicts.join('、') })
          }
          theirs={modelText(draftOf(conflict.current))}
          theirsBy={conflict.current.updatedByName}
          theirsAt={conflict.current.updatedAt}
          validate={(text) => {
            const parsed = parseMerged(text);
            return typeof parsed === 'string' ? parsed : null;
          }}
          onCancel={dismissConflict}
          onResolve={(text) => {
            const parsed = parseMerged(text);
            if (typeof parsed !== 'string') resolveConflict(parsed);
          }}
        />
      )}
    </Box>
  );
};

export default SchemaModelEditor;
