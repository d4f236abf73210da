import AddIcon from '@mui/icons-material/Add';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ExportDialog } from '../io/ExportDialog';
import {
  deleteVersion,
  type ProjectVersion,
  projectVersions,
  publishingKeys,
  restoreVersion,
  saveProjectVersion,
} from '../publishingApi';
import TeamProjectPage from '../TeamProjectPage';
import ComparePanel from './ComparePanel';
import SaveVersionDialog from './SaveVersionDialog';
import { useProjectRole, usePublishingChange } from './usePublishingChange';
import VersionBrowser from './VersionBrowser';
import VersionTable, { type VersionAction } from './VersionTable';
import { versionDocActions } from './versionDocActions';

const PICKER_SIZE = 100;

/** A restore or a delete waiting for the member's yes, and what it is about. */
type Pending =
  | { kind: 'restore' | 'delete'; version: ProjectVersion }
  | { kind: 'restoreDoc'; version: ProjectVersion; docId: number; docName: string };

/** /project/version/:projectId: save, list, compare, read, export, restore and delete versions. */
const VersionsPage = () => (
  <TeamProjectPage notice="app.knowledge.version.local" testId="versions-local">
    {(projectId) => <Versions projectId={projectId} />}
  </TeamProjectPage>
);

function Versions({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.version.${key}`, options);
  const [params, setParams] = useSearchParams();
  const from = Number(params.get('from')) || 0;
  const to = Number(params.get('to')) || 0;
  const [page, setPage] = useState(1);
  const [saving, setSaving] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [browsing, setBrowsing] = useState<{ version: ProjectVersion; docId?: number } | null>(null);
  const [exporting, setExporting] = useState<ProjectVersion | null>(null);
  const role = useProjectRole(projectId);
  const change = usePublishingChange(projectId);

  const list = useQuery({
    queryKey: publishingKeys.versions(projectId, page),
    queryFn: () => projectVersions(projectId, page),
    retry: false,
  });
  // the comparison's pickers offer the newest hundred (a version further back opens from its row)
  const picker = useQuery({
    queryKey: publishingKeys.versions(projectId, 1, PICKER_SIZE),
    queryFn: () => projectVersions(projectId, 1, PICKER_SIZE),
    retry: false,
  });
  const versions = picker.data?.list ?? [];
  const versionOf = (versionId: number): ProjectVersion =>
    versions.find((version) => version.versionId === versionId) ??
    list.data?.list.find((version) => version.versionId === versionId) ?? {
      versionId,
      name: `#${versionId}`,
      notes: '',
      auto: false,
      docCount: 0,
      createdBy: 0,
      createdByName: '',
      createdAt: 0,
    };

  const compare = (nextFrom: number, nextTo: number) =>
    setParams(nextFrom ? { from: String(nextFrom), to: String(nextTo) } : {}, { replace: true });

  const actions: VersionAction[] = [
    'compare',
    'browse',
    'export',
    ...(role.canWrite ? (['restore'] as const) : []),
    ...(role.canManage ? (['delete'] as const) : []),
  ];
  const onAction = (action: VersionAction, version: ProjectVersion) => {
    if (action === 'compare') compare(version.versionId, 0);
    else if (action === 'browse') setBrowsing({ version });
    else if (action === 'export') setExporting(version);
    else setPending({ kind: action, version });
  };

  const save = async (name: string, notes: string) =>
    !!(await change.run(
      () => saveProjectVersion(projectId, name, notes),
      () => ['app.knowledge.version.saved', { name }],
    ));
  const confirm = async () => {
    if (!pending) return;
    const { version } = pending;
    if (pending.kind === 'delete') {
      const done = await change.run(
        () => deleteVersion(projectId, version.versionId),
        () => ['app.knowledge.version.deleted'],
      );
      if (done !== undefined && (from === version.versionId || to === version.versionId)) compare(0, 0);
    } else {
      const docId = pending.kind === 'restoreDoc' ? pending.docId : undefined;
      await change.run(
        () => restoreVersion(projectId, version.versionId, docId),
        (result) => ['app.knowledge.version.restored', { smart_count: result.restored }],
      );
    }
    setPending(null);
  };
  const docActions = versionDocActions({
    canWrite: role.canWrite,
    projectId,
    from: versionOf(from),
    to,
    toVersion: to ? versionOf(to) : null,
    onView: (version, docId) => setBrowsing({ version, docId }),
    onRestore: (version, docId, docName) => setPending({ kind: 'restoreDoc', version, docId, docName }),
  });

  if (role.error) return <Alert severity="warning">{t('refused')}</Alert>;

  return (
    <Stack spacing={2} data-testid="versions-page">
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack direction="row" alignItems="flex-start" spacing={2}>
          <Box sx={{ flex: 1 }}>
            <Typography variant="h6" component="h1">
              {t('title')}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {t('subtitle')}
            </Typography>
          </Box>
          {role.canWrite && (
            <Button variant="contained" startIcon={<AddIcon />} onClick={() => setSaving(true)}>
              {t('save')}
            </Button>
          )}
        </Stack>
        {role.project?.versionUpdateType === 'auto' && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('auto_hint')}
          </Alert>
        )}
        {!role.isPending && !role.canWrite && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('read_only')}
          </Alert>
        )}
      </Paper>

      {from > 0 && (
        <ComparePanel
          projectId={projectId}
          versions={versions}
          from={from}
          to={to}
          onChange={compare}
          onClose={() => compare(0, 0)}
          docActions={docActions.forDiff}
        />
      )}

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" fontWeight={600} sx={{ mb: 1 }}>
          {t('list')}
        </Typography>
        {list.isPending ? (
          <LinearProgress />
        ) : list.error ? (
          <Alert severity="warning">{list.error.message}</Alert>
        ) : list.data && list.data.list.length > 0 ? (
          <VersionTable data={list.data} page={page} onPage={setPage} actions={actions} onAction={onAction} />
        ) : (
          <Box sx={{ py: 4, textAlign: 'center' }} data-testid="versions-empty">
            <Typography fontWeight={600}>{t('empty')}</Typography>
            <Typography color="text.secondary">{t('empty_hint')}</Typography>
          </Box>
        )}
      </Paper>

      <SaveVersionDialog open={saving} busy={change.busy} onClose={() => setSaving(false)} onSave={save} />
      <Confirm
        isOpen={!!pending}
        loading={change.busy}
        title={t(
          pending?.kind === 'delete'
            ? 'delete_title'
            : pending?.kind === 'restoreDoc'
              ? 'restore_doc_title'
              : 'restore_title',
        )}
        content={t(
          pending?.kind === 'delete'
            ? 'delete_confirm'
            : pending?.kind === 'restoreDoc'
              ? 'restore_doc_confirm'
              : 'restore_confirm',
          { name: pending?.version.name ?? '', doc: pending?.kind === 'restoreDoc' ? pending.docName : '' },
        )}
        confirm={t(pending?.kind === 'delete' ? 'delete' : 'restore')}
        confirmColor={pending?.kind === 'delete' ? 'warning' : 'primary'}
        onConfirm={confirm}
        onClose={() => setPending(null)}
      />
      {browsing && (
        <VersionBrowser
          projectId={projectId}
          version={browsing.version}
          initialDocId={browsing.docId}
          onClose={() => setBrowsing(null)}
          docActions={docActions.forBrowser(browsing.version)}
        />
      )}
      {exporting && (
        <ExportDialog open projectId={projectId} versionId={exporting.versionId} onClose={() => setExporting(null)} />
      )}
    </Stack>
  );
}

export default VersionsPage;
