import DeleteForeverIcon from '@mui/icons-material/DeleteForever';
import LogoutIcon from '@mui/icons-material/Logout';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Paper,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { knowledgeApi, knowledgeKeys } from '../knowledgeApi';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

/** Leaving the project (members other than the owner) and deleting it (the owner, with its name typed). */
export const DangerZone = ({ projectId, settings }: TabProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { busy, run } = useProjectChange(projectId);
  const [leaving, setLeaving] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const { project } = settings;
  const owner = project.myRole === 'owner';
  const member = project.myRole !== '';

  // The list must not flash the project that is gone from it: its cached answers go, so /api loads afresh.
  const backToList = () => {
    queryClient.removeQueries({ queryKey: knowledgeKeys.all });
    navigate('/api');
  };
  const leave = async () => {
    if (await run(() => knowledgeApi.leave(projectId), 'app.knowledge.danger.left')) backToList();
    setLeaving(false);
  };
  const remove = async () => {
    if (await run(() => knowledgeApi.remove(projectId), 'app.knowledge.danger.deleted')) backToList();
  };

  return (
    <Box sx={{ display: 'grid', gap: 2, maxWidth: 760 }} data-testid="danger-zone">
      {member && (
        <Row
          title={translate('app.knowledge.danger.leave')}
          hint={translate(owner ? 'app.knowledge.danger.owner_cannot_leave' : 'app.knowledge.danger.leave_hint')}
        >
          <Button
            variant="outlined"
            color="warning"
            startIcon={<LogoutIcon />}
            disabled={owner}
            onClick={() => setLeaving(true)}
          >
            {translate('app.knowledge.danger.leave')}
          </Button>
        </Row>
      )}
      <Row
        title={translate('app.knowledge.danger.delete')}
        hint={translate(owner ? 'app.knowledge.danger.delete_hint' : 'app.knowledge.danger.owner_only')}
      >
        <Button
          variant="contained"
          color="error"
          startIcon={<DeleteForeverIcon />}
          disabled={!owner}
          onClick={() => setDeleting(true)}
        >
          {translate('app.knowledge.danger.delete')}
        </Button>
      </Row>
      <Confirm
        isOpen={leaving}
        loading={busy}
        title="app.knowledge.danger.leave"
        content="app.knowledge.danger.leave_content"
        contentTranslateOptions={{ name: project.name }}
        confirmColor="warning"
        onConfirm={leave}
        onClose={() => setLeaving(false)}
      />
      {deleting && (
        <DeleteDialog name={project.name} busy={busy} onDelete={remove} onClose={() => setDeleting(false)} />
      )}
    </Box>
  );
};

const Row = ({ title, hint, children }: { title: string; hint: string; children: ReactNode }) => (
  <Paper
    variant="outlined"
    sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2, borderColor: 'error.light', flexWrap: 'wrap' }}
  >
    <Box sx={{ flex: 1, minWidth: 240 }}>
      <Typography sx={{ fontWeight: 600 }}>{title}</Typography>
      <Typography variant="body2" color="text.secondary">
        {hint}
      </Typography>
    </Box>
    {children}
  </Paper>
);

interface DeleteDialogProps {
  name: string;
  busy: boolean;
  onDelete: () => void;
  onClose: () => void;
}

/** Deleting asks for the project's name, so a slip of the mouse cannot delete a team's documentation. */
const DeleteDialog = ({ name, busy, onDelete, onClose }: DeleteDialogProps) => {
  const translate = useTranslate();
  const [typed, setTyped] = useState('');
  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="delete-project-title">
      <DialogTitle id="delete-project-title">{translate('app.knowledge.danger.delete')}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{translate('app.knowledge.danger.delete_hint')}</DialogContentText>
        <TextField
          fullWidth
          autoFocus
          size="small"
          label={translate('app.knowledge.danger.delete_confirm', { name })}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'delete-confirm-name' } }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" color="error" disabled={busy || typed !== name} onClick={onDelete}>
          {translate('app.knowledge.danger.delete')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
