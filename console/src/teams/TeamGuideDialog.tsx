import CloseIcon from '@mui/icons-material/Close';
import {
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  TextField,
  Typography,
} from '@mui/material';
import type { TeamJoined } from '@pmbok/api-types';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { request } from '../api/request';
import { MyInvitationsCard } from './MyInvitationsCard';
import { TemplatePicker } from './TemplatePicker';
import type { TeamInitCheck } from './teamApi';
import { BLANK_TEMPLATE, chosenTemplateIds } from './templateSelection';
import { useSwitchTeam } from './useSwitchTeam';

const TEAM_NAME_MAX = 30;

interface TeamGuideDialogProps {
  open: boolean;
  onClose: () => void;
  templates?: Pick<TeamInitCheck, 'templateProjectList' | 'templateTaskProjectList'>;
}

/** SPEC §2.4 'welcome to quick guide': name the team, pick templates, create it (SPEC §4 team creation). */
export const TeamGuideDialog = ({ open, onClose, templates }: TeamGuideDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const switchTeam = useSwitchTeam();
  const [name, setName] = useState('');
  const [projects, setProjects] = useState([BLANK_TEMPLATE]);
  const [tasks, setTasks] = useState([BLANK_TEMPLATE]);
  const [saving, setSaving] = useState(false);

  const submit = async () => {
    setSaving(true);
    try {
      const { teamId } = await request<TeamJoined>('team/create', {
        teamName: name.trim(),
        sourceProject: chosenTemplateIds(projects),
        sourceTaskProject: chosenTemplateIds(tasks),
      });
      notify('app.team_guide.created', { type: 'success' });
      onClose();
      setName('');
      await switchTeam(teamId, { reloadUser: true });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };
  const goTo = (path: string) => {
    onClose();
    navigate(path);
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="team-guide-title">
      <DialogTitle id="team-guide-title" sx={{ pr: 6 }}>
        {translate('app.team_guide.title')}
      </DialogTitle>
      <IconButton
        aria-label={translate('ra.action.close')}
        onClick={onClose}
        sx={{ position: 'absolute', right: 8, top: 8 }}
      >
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>
        <MyInvitationsCard onAccepted={onClose} sx={{ mb: 2 }} />
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {translate('app.team_guide.intro')}
        </Typography>
        <TextField
          name="teamName"
          label={translate('app.team.name')}
          placeholder={translate('app.team_guide.name_placeholder')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          onKeyDown={(event) => event.key === 'Enter' && name.trim() && !saving && submit()}
          required
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: TEAM_NAME_MAX } }}
          helperText={`${[...name].length}/${TEAM_NAME_MAX}`}
        />
        <TemplatePicker
          kind="project"
          title={translate('app.team_guide.project_templates')}
          items={templates?.templateProjectList ?? []}
          selected={projects}
          onChange={setProjects}
          onPreview={(id) => window.open(`#/project/index/${id}`, '_blank', 'noopener')}
          onMore={() => goTo('/api')}
        />
        <TemplatePicker
          kind="task"
          title={translate('app.team_guide.task_templates')}
          items={templates?.templateTaskProjectList ?? []}
          selected={tasks}
          onChange={setTasks}
          onMore={() => goTo('/taskIndex')}
        />
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5 }}>
        <Button onClick={onClose}>{translate('app.team_guide.skip')}</Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={!name.trim() || saving}
          startIcon={saving ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {translate('app.team_guide.submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
