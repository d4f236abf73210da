import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Chip, Paper, Typography } from '@mui/material';
import type { DocDetail } from '@pmbok/api-types';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { useMembers, useProjectStructure } from '../docApi';
import { ApiBasics } from './ApiBasics';
import { type ApiDraft, completeApi, draftText, parseDraftText, syncPathParams, validateDraft } from './apiDraft';
import { MergeDialog } from './MergeDialog';
import { mergeThreeWay } from './merge3';
import { ParametersEditor } from './ParametersEditor';
import { RequestBodyEditor } from './RequestBodyEditor';
import { ResponseCodesHint } from './ResponseCodesHint';
import { ResponsesEditor } from './ResponsesEditor';
import { useDocSave } from './useDocSave';
import { useSaveShortcut } from './useSaveShortcut';
import { useUnsavedGuard } from './useUnsavedGuard';

export interface ApiEditorProps {
  projectId: number;
  detail: DocDetail;
  readOnly: boolean;
  onSaved(detail: DocDetail): void;
  onDirtyChange?(dirty: boolean): void;
}

const draftOf = (detail: DocDetail): ApiDraft => ({ name: detail.name, api: completeApi(detail.api) });

const Section = ({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) => (
  <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId}>
    <Typography variant="subtitle1" sx={{ fontWeight: 600, mb: 1.5 }}>
      {title}
    </Typography>
    {children}
  </Paper>
);

/**
 * The API document editor: the operation's every part, checked before a save, saved on the version it was read at
 * (Ctrl+S too). A save over someone else's newer one opens the compare-and-merge dialog, which keeps the user's text.
 */
const ApiEditor = ({ projectId, detail, readOnly, onSaved, onDirtyChange }: ApiEditorProps) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.editor.${key}`, options);
  // The document the draft is based on: its version is the next save's baseVersion.
  const [base, setBase] = useState(detail);
  const [draft, setDraft] = useState(() => draftOf(detail));
  const [showProblems, setShowProblems] = useState(false);
  const savedText = useMemo(() => JSON.stringify(draftOf(base)), [base]);
  const dirty = !readOnly && JSON.stringify(draft) !== savedText;

  // A different document, or a newer version of this one while nothing is typed here, replaces the draft. With
  // unsaved typing the base stays: the next save then meets the newer version as a conflict and merges.
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
  const { data: members = [] } = useMembers(projectId);
  const models = useMemo(
    () => (tree?.nodes ?? []).filter((node) => node.kind === 'schema').map((node) => node.name),
    [tree],
  );

  const problems = useMemo(() => validateDraft(draft), [draft]);
  const { save, saving, conflict, resolveConflict, dismissConflict } = useDocSave({
    projectId,
    onSaved: (saved, content) => {
      setBase(saved);
      setDraft(content);
      setShowProblems(false);
      onSaved(saved);
    },
  });
  // Their changes and mine that do not touch the same value are merged for the user before the dialog opens.
  const merge = useMemo(
    () => (conflict ? mergeThreeWay(conflict.base, conflict.mine, draftOf(conflict.current)) : null),
    [conflict],
  );
  const trySave = () => {
    // While the merge dialog is open its buttons save; a second save would only meet the same conflict.
    if (readOnly || saving || conflict) return;
    if (problems.length > 0) {
      setShowProblems(true);
      return;
    }
    void save(base, draft);
  };
  useSaveShortcut(trySave);

  const visible = showProblems ? problems : [];
  const fieldError = (at: string) => {
    const problem = visible.find((p) => p.at === at);
    return problem ? t(`problems.${problem.key}`, problem.args) : '';
  };
  const setApi = (patch: Partial<ApiDraft['api']>) => setDraft((d) => ({ ...d, api: { ...d.api, ...patch } }));

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2, pb: 4 }} data-testid="api-editor">
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
        <Typography variant="h6" noWrap sx={{ flex: '1 1 auto', minWidth: '4em' }}>
          {draft.name || t('untitled')}
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
      {visible.length > 0 && (
        <Alert severity="error" onClose={() => setShowProblems(false)} data-testid="api-problems">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t('problems.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {visible.map((problem) => (
              <li key={`${problem.at}-${problem.key}-${JSON.stringify(problem.args)}`}>
                {t(`problems.${problem.key}`, problem.args)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      <ApiBasics
        draft={draft}
        readOnly={readOnly}
        members={members}
        errors={{ name: fieldError('name'), path: fieldError('path') }}
        onName={(name) => setDraft((d) => ({ ...d, name }))}
        onApi={setApi}
        onPath={(path) =>
          setDraft((d) => ({ ...d, api: { ...d.api, path, parameters: syncPathParams(d.api.parameters, path) } }))
        }
      />
      <Section title={t('sections.parameters')} testId="api-parameters">
        <ParametersEditor
          parameters={draft.api.parameters}
          path={draft.api.path}
          readOnly={readOnly}
          onChange={(parameters) => setApi({ parameters })}
        />
      </Section>
      <Section title={t('sections.body')} testId="api-body">
        <RequestBodyEditor
          body={draft.api.requestBody}
          readOnly={readOnly}
          models={models}
          onChange={(requestBody) => setApi({ requestBody })}
        />
      </Section>
      <Section title={t('sections.responses')} testId="api-responses">
        <ResponsesEditor
          responses={draft.api.responses}
          readOnly={readOnly}
          models={models}
          onChange={(responses) => setApi({ responses })}
        />
        <ResponseCodesHint projectId={projectId} />
      </Section>
      {conflict && merge && (
        <MergeDialog
          open
          language="json"
          mine={draftText(conflict.mine)}
          merged={draftText(merge.merged)}
          note={
            merge.conflicts.length === 0
              ? t('merge.auto_merged')
              : t('merge.auto_conflicts', { smart_count: merge.conflicts.length, fields: merge.conflicts.join('、') })
          }
          theirs={draftText(draftOf(conflict.current))}
          theirsBy={conflict.current.updatedByName}
          theirsAt={conflict.current.updatedAt}
          validate={(text) => {
            const parsed = parseDraftText(text);
            if (!('error' in parsed)) return null;
            if (parsed.error === 'not_object' || parsed.error === 'no_name') return t(`merge.${parsed.error}`);
            return t('merge.invalid', { error: parsed.error });
          }}
          onCancel={dismissConflict}
          onResolve={(text) => {
            const parsed = parseDraftText(text);
            if ('draft' in parsed) resolveConflict(parsed.draft);
          }}
        />
      )}
    </Box>
  );
};

export default ApiEditor;
