import AddIcon from '@mui/icons-material/Add';
import SaveIcon from '@mui/icons-material/Save';
import { Alert, Box, Button, Chip, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useUnsavedGuard } from '../editor/useUnsavedGuard';
import { ExpectationForm } from './ExpectationForm';
import { ExpectationList } from './ExpectationList';
import {
  draftProblems,
  type ExpectationDraft,
  fromDrafts,
  LIMITS,
  move,
  newDraft,
  sameDrafts,
  toDraft,
} from './expectationDraft';
import { type MockExpectation, mockApi, mockKeys, useMockExpectations } from './mockApi';

/** The expectations of one api document: an ordered list (first match wins) beside the chosen one's form. */
export function ExpectationsEditor({
  projectId,
  projectStructureId,
  canWrite,
  models,
}: {
  projectId: number;
  projectStructureId: number;
  canWrite: boolean;
  models: string[];
}) {
  const translate = useTranslate();
  const { data, isPending, error } = useMockExpectations(projectId, projectStructureId);
  if (isPending) return <LinearProgress />;
  if (error || !data) {
    return (
      <Alert severity="warning">{translate('app.knowledge.mock.unavailable', { error: error?.message ?? '' })}</Alert>
    );
  }
  return (
    <Editor
      projectId={projectId}
      projectStructureId={projectStructureId}
      saved={data}
      readOnly={!canWrite}
      models={models}
    />
  );
}

function Editor({
  projectId,
  projectStructureId,
  saved,
  readOnly,
  models,
}: {
  projectId: number;
  projectStructureId: number;
  saved: MockExpectation[];
  readOnly: boolean;
  models: string[];
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.mock.exp.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [base, setBase] = useState(() => saved.map(toDraft));
  const [drafts, setDrafts] = useState(base);
  const [selectedKey, setSelectedKey] = useState(() => base[0]?.key ?? '');
  const [showProblems, setShowProblems] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = !sameDrafts(drafts, base);
  useUnsavedGuard(!readOnly && dirty, 'app.knowledge.mock.exp.unsaved_leave');

  // Someone else's save read in again replaces the list, unless something is being typed here.
  const latest = useRef({ base, drafts });
  latest.current = { base, drafts };
  useEffect(() => {
    const next = saved.map(toDraft);
    const { base: before, drafts: typed } = latest.current;
    if (sameDrafts(before, next)) return;
    setBase(next);
    if (sameDrafts(typed, before)) setDrafts(next);
  }, [saved]);

  const problems = useMemo(() => draftProblems(drafts), [drafts]);
  const visible = showProblems ? problems : [];
  // the one picked, else the first: a list read in again has new keys
  const found = drafts.findIndex((d) => d.key === selectedKey);
  const currentIndex = Math.max(found, 0);
  const current = drafts[currentIndex];

  const patch = (index: number, change: Partial<ExpectationDraft>) =>
    setDrafts((list) => list.map((d, at) => (at === index ? { ...d, ...change } : d)));
  const add = () => {
    const draft = newDraft(t('new_name', { n: drafts.length + 1 }));
    setDrafts((list) => [...list, draft]);
    setSelectedKey(draft.key);
  };
  const remove = (index: number) => {
    if (drafts[index]?.key === current?.key) setSelectedKey(drafts[index - 1]?.key ?? drafts[index + 1]?.key ?? '');
    setDrafts((list) => list.filter((_d, at) => at !== index));
  };
  const save = async () => {
    if (problems.length > 0) {
      setShowProblems(true);
      const first = problems.find((p) => p.index >= 0);
      if (first) setSelectedKey(drafts[first.index]?.key ?? '');
      return;
    }
    setSaving(true);
    try {
      const answer = await mockApi.saveExpectations(projectId, projectStructureId, fromDrafts(drafts));
      const next = answer.map(toDraft);
      setBase(next);
      setDrafts(next);
      setSelectedKey(next[currentIndex]?.key ?? '');
      setShowProblems(false);
      queryClient.setQueryData(mockKeys.expectations(projectId, projectStructureId), answer);
      notify('app.knowledge.mock.exp.saved', { type: 'success' });
    } catch {
      // the request client toasted the refusal
    } finally {
      setSaving(false);
    }
  };

  return (
    <Box data-testid="mock-expectations" data-dirty={dirty} sx={{ containerType: 'inline-size' }}>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1.5 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('hint')}
        </Typography>
        {!readOnly && (
          <>
            {dirty && <Chip size="small" color="warning" variant="outlined" label={t('unsaved')} />}
            {dirty && (
              <Button size="small" onClick={() => setDrafts(base)} disabled={saving}>
                {t('discard')}
              </Button>
            )}
            <Button
              variant="contained"
              size="small"
              startIcon={<SaveIcon />}
              onClick={save}
              disabled={saving || !dirty}
              sx={{ whiteSpace: 'nowrap' }}
            >
              {saving ? t('saving') : t('save')}
            </Button>
          </>
        )}
      </Stack>
      {readOnly && (
        <Alert severity="info" sx={{ mb: 1.5 }}>
          {t('read_only')}
        </Alert>
      )}
      {visible.length > 0 && (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={() => setShowProblems(false)} data-testid="mock-problems">
          <Typography variant="body2" fontWeight={600}>
            {translate('app.knowledge.mock.problems.title')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {visible.map((p) => (
              <li key={`${p.index}-${p.field}-${p.key}`}>
                {p.index >= 0 && `${drafts[p.index]?.name || t('new_name', { n: p.index + 1 })}：`}
                {translate(`app.knowledge.mock.problems.${p.key}`, p.args)}
              </li>
            ))}
          </Box>
        </Alert>
      )}
      {/* the pane's own width decides: the list beside the form when there is room for both, above it otherwise */}
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: '1fr',
          '@container (min-width: 880px)': { gridTemplateColumns: '250px minmax(0, 1fr)' },
        }}
      >
        <Box sx={{ border: 1, borderColor: 'divider', borderRadius: 1, alignSelf: 'start' }}>
          {drafts.length === 0 ? (
            <Box sx={{ p: 2 }}>
              <Typography variant="body2" fontWeight={600}>
                {t('empty')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {t('empty_hint')}
              </Typography>
            </Box>
          ) : (
            <ExpectationList
              drafts={drafts}
              selectedKey={current?.key ?? ''}
              flagged={new Set(visible.flatMap((p) => (p.index >= 0 ? [drafts[p.index]?.key ?? ''] : [])))}
              readOnly={readOnly}
              onSelect={setSelectedKey}
              onMove={(from, to) => setDrafts((list) => move(list, from, to - from))}
              onEnabled={(index, enabled) => patch(index, { enabled })}
              onRemove={remove}
            />
          )}
          {!readOnly && drafts.length < LIMITS.expectations && (
            <Box sx={{ p: 1 }}>
              <Button size="small" startIcon={<AddIcon />} onClick={add} fullWidth>
                {t('add')}
              </Button>
            </Box>
          )}
        </Box>
        {current ? (
          <ExpectationForm
            key={current.key}
            draft={current}
            problems={visible.filter((p) => p.index === currentIndex)}
            readOnly={readOnly}
            models={models}
            onChange={(change) => patch(currentIndex, change)}
          />
        ) : (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2 }}>
            {t('pick')}
          </Typography>
        )}
      </Box>
    </Box>
  );
}
