import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { Box, Button, Card, CardContent, CardHeader, Divider, Typography } from '@mui/material';
import type { ProjectCreated } from '@pmbok/api-types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { formatMinute } from '../utils/formatTime';
import { ProjectStatusChip } from './StatusChips';
import { type TaskProject, taskCall } from './taskApi';
import { type ProjectAction, projectActionCall, projectActions } from './taskStatus';

const COLOURS: Record<ProjectAction, 'warning' | 'success' | 'error' | 'primary'> = {
  stop: 'warning',
  finish: 'success',
  close: 'error',
  reopen: 'primary',
};

/** The project's status with the actions the caller's role and the status allow, and copying the project. */
export const ProjectActionsCard = ({ project }: { project: TaskProject }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState<ProjectAction | 'copy' | null>(null);
  const [saving, setSaving] = useState(false);
  const projectId = project.taskProjectId;

  const run = async () => {
    if (!confirming) return;
    setSaving(true);
    try {
      if (confirming === 'copy') {
        const { taskProjectId } = await taskCall<ProjectCreated>('copyProject', {
          sourceTaskProjectId: projectId,
        });
        notify('app.task.settings.copied', { type: 'success' });
        navigate(`/task/home/${taskProjectId}?isNew=1`);
      } else {
        await taskCall(projectActionCall[confirming], { projectId });
        notify('app.task.settings.status_changed', { type: 'success' });
      }
      setConfirming(null);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: ['taskProject', projectId] });
      await queryClient.invalidateQueries({ queryKey: ['taskProjects'] });
    }
  };

  const actions = projectActions(project.status, project.myRole);
  return (
    <Card variant="outlined" data-testid="project-actions">
      <CardHeader title={translate('app.task.settings.status')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <ProjectStatusChip status={project.status} />
          <Typography variant="body2" color="text.secondary">
            {translate('app.task.settings.owner', { name: project.ownerName })}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary">
          {translate('app.task.settings.created_at', { time: formatMinute(project.createdAt) })}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          {actions.map((action) => (
            <Button key={action} variant="outlined" color={COLOURS[action]} onClick={() => setConfirming(action)}>
              {translate(`app.task.project_actions.${action}`)}
            </Button>
          ))}
          {!actions.length && (
            <Typography variant="body2" color="text.secondary">
              {translate('app.task.settings.no_actions')}
            </Typography>
          )}
        </Box>
        <Divider />
        <Typography variant="body2" color="text.secondary">
          {translate('app.task.settings.copy_hint')}
        </Typography>
        <Box>
          <Button variant="outlined" startIcon={<ContentCopyIcon />} onClick={() => setConfirming('copy')}>
            {translate('app.task.settings.copy')}
          </Button>
        </Box>
      </CardContent>
      <Confirm
        isOpen={Boolean(confirming)}
        loading={saving}
        title={confirming === 'copy' ? 'app.task.settings.copy' : `app.task.project_actions.${confirming ?? 'stop'}`}
        content={
          confirming === 'copy'
            ? 'app.task.settings.copy_content'
            : `app.task.project_actions.${confirming ?? 'stop'}_content`
        }
        contentTranslateOptions={{ name: project.name }}
        confirmColor="warning"
        onConfirm={run}
        onClose={() => setConfirming(null)}
      />
    </Card>
  );
};
