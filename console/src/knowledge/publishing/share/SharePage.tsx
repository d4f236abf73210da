import AddIcon from '@mui/icons-material/Add';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  AlertTitle,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { copyText } from '../../../clipboard/copyText';
import { createShare, publishingKeys, revokeShare, type ShareFields, type ShareLink, shares } from '../publishingApi';
import TeamProjectPage from '../TeamProjectPage';
import { useProjectRole, usePublishingChange } from '../versions/usePublishingChange';
import CreateShareDialog from './CreateShareDialog';
import ShareTable from './ShareTable';
import { shareUrl } from './shareLink';

/** /project/share/:projectId: the project's share links, and creating, copying and revoking them. */
const SharePage = () => (
  <TeamProjectPage notice="app.knowledge.share.local" testId="share-local">
    {(projectId) => <Shares projectId={projectId} />}
  </TeamProjectPage>
);

function Shares({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.share.${key}`, options);
  const notify = useNotify();
  const role = useProjectRole(projectId);
  const change = usePublishingChange(projectId);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ShareLink | null>(null);
  const [revoking, setRevoking] = useState<ShareLink | null>(null);
  const list = useQuery({
    queryKey: publishingKeys.shares(projectId),
    queryFn: () => shares(projectId),
    retry: false,
  });
  const isPrivate = role.project?.docPrivateType === 'private';

  const copy = async (link: ShareLink) => {
    const url = shareUrl(link.token);
    if (await copyText(url)) notify(t('copied'), { type: 'success' });
    else notify(t('copy_failed', { link: url }), { type: 'warning' });
  };
  const create = async (fields: ShareFields) => {
    const link = await change.run(
      () => createShare(projectId, fields),
      () => ['app.knowledge.share.dialog.created'],
    );
    if (!link) return false;
    setCreating(false);
    setCreated(link);
    return true;
  };
  const revoke = async () => {
    if (!revoking) return;
    await change.run(
      () => revokeShare(projectId, revoking.shareId),
      () => ['app.knowledge.share.revoked'],
    );
    setRevoking(null);
  };

  if (role.error) return <Alert severity="warning">{t('refused')}</Alert>;

  return (
    <Stack spacing={2} data-testid="share-page">
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
          {role.canManage && (
            <Button
              variant="contained"
              startIcon={<AddIcon />}
              disabled={isPrivate || role.isPending}
              onClick={() => setCreating(true)}
            >
              {t('create')}
            </Button>
          )}
        </Stack>
        {isPrivate && (
          <Alert severity="warning" sx={{ mt: 1.5 }} data-testid="share-private">
            <AlertTitle>{t('private_title')}</AlertTitle>
            {t('private_hint')}
          </Alert>
        )}
        {!role.isPending && !role.canManage && (
          <Alert severity="info" sx={{ mt: 1.5 }}>
            {t('read_only')}
          </Alert>
        )}
      </Paper>

      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="subtitle1" fontWeight={600} sx={{ mb: 1 }}>
          {t('list')}
        </Typography>
        {list.isPending ? (
          <LinearProgress />
        ) : list.error ? (
          <Alert severity="warning">{list.error.message}</Alert>
        ) : list.data && list.data.list.length > 0 ? (
          <ShareTable links={list.data.list} canManage={role.canManage} onCopy={copy} onRevoke={setRevoking} />
        ) : (
          <Box sx={{ py: 4, textAlign: 'center' }} data-testid="share-empty">
            <Typography fontWeight={600}>{t('empty')}</Typography>
            <Typography color="text.secondary">{t('empty_hint')}</Typography>
          </Box>
        )}
      </Paper>

      {creating && (
        <CreateShareDialog
          projectId={projectId}
          busy={change.busy}
          onClose={() => setCreating(false)}
          onCreate={create}
        />
      )}
      {created && (
        <Dialog open onClose={() => setCreated(null)} fullWidth maxWidth="sm" aria-labelledby="share-created-title">
          <DialogTitle id="share-created-title">{t('dialog.created')}</DialogTitle>
          <DialogContent>
            <Typography variant="body2" sx={{ mb: 1.5 }}>
              {t('dialog.created_hint')}
            </Typography>
            <TextField
              fullWidth
              size="small"
              value={shareUrl(created.token)}
              inputProps={{ readOnly: true, 'data-testid': 'share-url', 'aria-label': t('dialog.created') }}
              onFocus={(e) => e.target.select()}
            />
          </DialogContent>
          <DialogActions>
            <Button startIcon={<ContentCopyIcon />} onClick={() => copy(created)}>
              {t('copy')}
            </Button>
            <Button variant="contained" onClick={() => setCreated(null)}>
              {t('dialog.done')}
            </Button>
          </DialogActions>
        </Dialog>
      )}
      <Confirm
        isOpen={!!revoking}
        title={t('revoke_title')}
        content={t('revoke_confirm', { name: revoking?.name || t('unnamed') })}
        confirm={t('revoke')}
        onConfirm={revoke}
        onClose={() => setRevoking(null)}
        loading={change.busy}
      />
    </Stack>
  );
}

export default SharePage;
