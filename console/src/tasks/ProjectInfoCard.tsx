import SaveIcon from '@mui/icons-material/Save';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  FormControlLabel,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { DayPicker } from '../dates';
import { PosterPicker } from '../teams/TeamPoster';
import { canManageProject, type TaskProject, taskCall } from './taskApi';

/** Name, description, dates, poster and the template flag: the owner and administrators edit them. */
export const ProjectInfoCard = ({ project }: { project: TaskProject }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const editable = canManageProject(project.myRole) && project.status === 'active';
  const [form, setForm] = useState({
    name: project.name,
    description: project.description,
    begin: project.beginTime,
    end: project.endTime,
    poster: project.poster,
    isTemplate: project.isTemplate,
  });
  const [saving, setSaving] = useState(false);
  const set = (change: Partial<typeof form>) => setForm((current) => ({ ...current, ...change }));

  const save = async () => {
    setSaving(true);
    try {
      await taskCall('updateProject', {
        projectId: project.taskProjectId,
        name: form.name.trim(),
        description: form.description.trim(),
        beginTime: form.begin,
        endTime: form.end,
        poster: form.poster,
        isTemplate: form.isTemplate,
      });
      notify('app.task.settings.saved', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['taskProject', project.taskProjectId] });
      await queryClient.invalidateQueries({ queryKey: ['taskProjects'] });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="project-info">
      <CardHeader title={translate('app.task.settings.info')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, display: 'flex', flexDirection: 'column', gap: 2 }}>
        {!editable && <Alert severity="info">{translate('app.task.settings.readonly')}</Alert>}
        <TextField
          name="name"
          label={translate('app.task.fields.project_name')}
          value={form.name}
          onChange={(event) => set({ name: event.target.value })}
          required
          disabled={!editable}
          slotProps={{ htmlInput: { maxLength: 50 } }}
        />
        <TextField
          name="description"
          label={translate('app.task.fields.description')}
          value={form.description}
          onChange={(event) => set({ description: event.target.value })}
          multiline
          minRows={3}
          disabled={!editable}
          slotProps={{ htmlInput: { maxLength: 500 } }}
        />
        <Box sx={{ display: 'flex', gap: 2 }}>
          <DayPicker
            name="beginTime"
            label={translate('app.task.fields.begin_time')}
            value={form.begin}
            onChange={(begin) => set({ begin })}
            disabled={!editable}
            clearable
            size="medium"
            sx={{ flex: 1 }}
          />
          <DayPicker
            name="endTime"
            label={translate('app.task.fields.finish_time')}
            value={form.end}
            onChange={(end) => set({ end })}
            endOfDay
            disabled={!editable}
            clearable
            size="medium"
            sx={{ flex: 1 }}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
            {translate('app.task.fields.poster')}
          </Typography>
          <PosterPicker value={form.poster} onChange={(poster) => set({ poster })} disabled={!editable} />
        </Box>
        <FormControlLabel
          control={
            <Switch
              checked={form.isTemplate}
              onChange={(event) => set({ isTemplate: event.target.checked })}
              disabled={!editable}
            />
          }
          label={translate('app.task.settings.is_template')}
        />
        <Typography variant="caption" color="text.secondary" sx={{ mt: -1.5 }}>
          {translate('app.task.settings.is_template_hint')}
        </Typography>
        {editable && (
          <Box>
            <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving || !form.name.trim()}>
              {translate('ra.action.save')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
};
