import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import type { ProjectCreated } from '@pmbok/api-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TemplatePicker } from '../teams/TemplatePicker';
import { BLANK_TEMPLATE } from '../teams/templateSelection';
import { type TaskProject, taskCall, taskKeys } from './taskApi';

interface CreateProjectDialogProps {
  teamId: number;
  open: boolean;
  onClose: () => void;
}

/** A project from blank (name, description) or from one of the team's templates (SPEC §2.4's picker). */
export const CreateProjectDialog = ({ teamId, open, onClose }: CreateProjectDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: templates = [] } = useQuery({
    queryKey: taskKeys.templates(teamId),
    queryFn: () => taskCall<TaskProject[]>('templateList'),
    enabled: open,
  });
  const [choice, setChoice] = useState(BLANK_TEMPLATE);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const blank = choice === BLANK_TEMPLATE;

  // The picker toggles several; here one card is the choice, and unticking it falls back to blank.
  const choose = (selected: number[]) => setChoice(selected.find((id) => id !== choice) ?? BLANK_TEMPLATE);

  const create = async () => {
    setSaving(true);
    try {
      const { taskProjectId } = blank
        ? await taskCall<ProjectCreated>('newProject', {
            name: name.trim(),
            description: description.trim(),
          })
        : await taskCall<ProjectCreated>('createByTemplate', { templateProjectId: choice });
      notify('app.task.index.created', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['taskProjects'] });
      onClose();
      navigate(`/task/home/${taskProjectId}?isNew=1`);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="create-task-project">
      <DialogTitle id="create-task-project">{translate('app.task.index.create_title')}</DialogTitle>
      <DialogContent>
        <TemplatePicker
          title={translate('app.team_guide.task_templates')}
          kind="task"
          items={templates.map((t) => ({ taskProjectId: t.taskProjectId, name: t.name, description: t.description }))}
          selected={[choice]}
          onChange={choose}
          onMore={() => undefined}
        />
        {blank && (
          <>
            <TextField
              name="name"
              label={translate('app.task.fields.project_name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              required
              fullWidth
              autoFocus
              slotProps={{ htmlInput: { maxLength: 50 } }}
              sx={{ mt: 3 }}
            />
            <TextField
              name="description"
              label={translate('app.task.fields.description')}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              fullWidth
              multiline
              minRows={2}
              slotProps={{ htmlInput: { maxLength: 500 } }}
              sx={{ mt: 2 }}
            />
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={create} disabled={saving || (blank && !name.trim())}>
          {translate('ra.action.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
