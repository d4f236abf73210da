import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import LaptopIcon from '@mui/icons-material/Laptop';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  LinearProgress,
  Stack,
} from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link, useNavigate } from 'react-router-dom';
import { loginPathFor } from '../../navigation/loginPath';
import { getToken, useSessionUser, useTeamId } from '../../session/session';
import { useProjectDetail } from '../knowledgeApi';
import { LocalProjectSwitcher } from './LocalProjectSwitcher';
import { type UploadProgress, uploadToTeam } from './uploadToTeam';

/** The local project's upload into the current team, with its progress; on success the team project opens. */
function UploadDialog({ projectId, onClose }: { projectId: number; onClose(): void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const teamId = useTeamId();
  const user = useSessionUser();
  const team = user?.userTeam.find((entry) => entry.teamId === teamId)?.team.name ?? '';
  const { data: project } = useProjectDetail(projectId);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const upload = useMutation({
    mutationFn: () => uploadToTeam(projectId, setProgress),
    onSuccess: async (teamProjectId) => {
      notify('app.knowledge.local.upload_done', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['knowledgeProjects'] });
      navigate(`/project/index/${teamProjectId}`);
    },
    onError: (error: Error) =>
      notify(translate('app.knowledge.local.upload_failed', { message: translate(error.message) }), { type: 'error' }),
  });

  return (
    <Dialog open onClose={upload.isPending ? undefined : onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.knowledge.local.upload_title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {teamId
            ? translate('app.knowledge.local.upload_hint', { name: project?.name ?? '', team })
            : translate('app.knowledge.local.upload_no_team')}
        </DialogContentText>
        {progress && (
          <Stack spacing={1} sx={{ mt: 2 }} data-testid="upload-progress">
            <LinearProgress variant="determinate" value={(progress.done / Math.max(progress.total, 1)) * 100} />
            <DialogContentText variant="caption">
              {translate('app.knowledge.local.upload_progress', progress)}
            </DialogContentText>
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={upload.isPending}>
          {translate('app.knowledge.local.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={() => upload.mutate()}
          disabled={!teamId || !project || upload.isPending}
          data-testid="upload-confirm"
        >
          {translate('app.knowledge.local.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The bar above the project screens in local mode: where the data lives, and the way out of it — sign in, or once
 * signed in, upload the project to a team.
 */
export function LocalModeBanner({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const user = useSessionUser();
  const signedIn = Boolean(user ?? getToken());
  const [uploading, setUploading] = useState(false);

  return (
    <>
      <Alert
        severity="info"
        icon={<LaptopIcon fontSize="inherit" />}
        data-testid="local-mode-banner"
        sx={{ mb: 2, alignItems: 'center' }}
        action={
          <>
            <LocalProjectSwitcher projectId={projectId} />
            {signedIn ? (
              <Button
                size="small"
                variant="contained"
                startIcon={<CloudUploadIcon />}
                disabled={projectId <= 0}
                onClick={() => setUploading(true)}
              >
                {translate('app.knowledge.local.upload')}
              </Button>
            ) : (
              <Button size="small" variant="contained" component={Link} to={loginPathFor('/project/index')}>
                {translate('app.knowledge.local.sign_in')}
              </Button>
            )}
          </>
        }
      >
        {translate(signedIn ? 'app.knowledge.local.banner_signed_in' : 'app.knowledge.local.banner')}
      </Alert>
      {uploading && <UploadDialog projectId={projectId} onClose={() => setUploading(false)} />}
    </>
  );
}
