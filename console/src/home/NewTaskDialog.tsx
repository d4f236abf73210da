import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { type TaskProject, taskCall, taskKeys } from '../tasks/taskApi';
import { homeKeys } from './homeApi';

/** New task from the home page: pick one of my active task projects, name it; it lands in the first stage. */
export const NewTaskDialog = ({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: taskKeys.mine(teamId), queryFn: () => taskCall<TaskProject[]>('userProject') });
  const projects = (data ?? []).filter((project) => project.status === 'active' && project.myRole);
  const [projectId, setProjectId] = useState<number | ''>('');
  const [name, setName] = useState('');
  const [saving, setSaving] = useState(false);
  const chosen = projectId === '' ? projects[0]?.taskProjectId : projectId;

  const submit = async () => {
    const project = projects.find((p) => p.taskProjectId === chosen);
    if (!project || !name.trim()) return;
    setSaving(true);
    try {
      const { taskId } = await taskCall<{ taskId: number }>('newTask', {
        projectId: project.taskProjectId,
        flowId: project.flows[0]?.flowId ?? 0,
        name: name.trim(),
      });
      notify('app.home.created', { type: 'success' });
      void queryClient.invalidateQueries({ queryKey: homeKeys.all(teamId) });
      onClose();
      navigate(`/task/home/${project.taskProjectId}?task=${taskId}`);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.home.new_task')}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
        {projects.length === 0 ? (
          <Typography color="text.secondary">{translate('app.home.no_task_project')}</Typography>
        ) : (
          <>
            <TextField
              select
              label={translate('app.home.pick_project')}
              value={chosen ?? ''}
              onChange={(event) => setProjectId(Number(event.target.value))}
              size="small"
            >
              {projects.map((project) => (
                <MenuItem key={project.taskProjectId} value={project.taskProjectId}>
                  {project.name}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              autoFocus
              label={translate('app.home.task_name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter' && !event.nativeEvent.isComposing) void submit();
              }}
              size="small"
              slotProps={{ htmlInput: { maxLength: 200 } }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.home.cancel')}</Button>
        {projects.length === 0 ? (
          <Button
            variant="contained"
            onClick={() => {
              onClose();
              navigate('/taskIndex');
            }}
          >
            {translate('app.home.go_tasks')}
          </Button>
        ) : (
          <Button variant="contained" disabled={saving || !name.trim()} onClick={submit}>
            {translate('app.home.create')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};
