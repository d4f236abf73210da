import AddTaskIcon from '@mui/icons-material/AddTask';
import NoteAddIcon from '@mui/icons-material/NoteAdd';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { knowledgeApi, knowledgeKeys } from '../knowledge/knowledgeApi';
import { useSessionUser } from '../session/session';
import { NewTaskDialog } from './NewTaskDialog';
import { Section } from './Section';

/** New document: pick a knowledge project the caller may write in; its workspace is where documents are added. */
const NewDocDialog = ({ teamId, open, onClose }: { teamId: number; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { data } = useQuery({
    queryKey: knowledgeKeys.list(teamId),
    queryFn: () => knowledgeApi.list(),
    enabled: open,
  });
  const writable = (data ?? []).filter((p) => ['owner', 'administrator', 'editor'].includes(p.myRole));
  const go = (to: string) => {
    onClose();
    navigate(to);
  };
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      <DialogTitle>{translate('app.home.pick_doc_project')}</DialogTitle>
      <DialogContent>
        {writable.length === 0 ? (
          <Typography color="text.secondary">{translate('app.home.no_doc_project')}</Typography>
        ) : (
          <List dense>
            {writable.map((project) => (
              <ListItemButton key={project.projectId} onClick={() => go(`/project/index/${project.projectId}`)}>
                <ListItemText primary={project.name} secondary={project.description || undefined} />
              </ListItemButton>
            ))}
          </List>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.home.cancel')}</Button>
        {writable.length === 0 && (
          <Button variant="contained" onClick={() => go('/api')}>
            {translate('app.home.go_docs')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
};

/** New task, new document and (for the team's owner and administrators) invite members. */
export const QuickActions = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const user = useSessionUser();
  const [open, setOpen] = useState<'task' | 'doc' | null>(null);
  const station = user?.userTeam.find((team) => team.teamId === teamId)?.station;
  const manager = station === 'owner' || station === 'administrator';
  return (
    <Section title="app.home.quick_actions" testId="home-actions">
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          gap: 1,
          // each on one line, sharing the row; what does not fit goes to the next
          '& .MuiButton-root': { whiteSpace: 'nowrap', flex: '1 1 auto', px: { xs: 1, sm: 2 } },
        }}
      >
        <Button
          variant="contained"
          startIcon={<AddTaskIcon />}
          onClick={() => setOpen('task')}
          data-testid="action-new-task"
        >
          {translate('app.home.new_task')}
        </Button>
        <Button
          variant="outlined"
          startIcon={<NoteAddIcon />}
          onClick={() => setOpen('doc')}
          data-testid="action-new-doc"
        >
          {translate('app.home.new_doc')}
        </Button>
        {manager && (
          <Button
            variant="outlined"
            startIcon={<PersonAddIcon />}
            onClick={() => navigate('/team/index')}
            data-testid="action-invite"
          >
            {translate('app.home.invite')}
          </Button>
        )}
      </Box>
      <NewTaskDialog
        key={`task-${open === 'task'}`}
        teamId={teamId}
        open={open === 'task'}
        onClose={() => setOpen(null)}
      />
      <NewDocDialog teamId={teamId} open={open === 'doc'} onClose={() => setOpen(null)} />
    </Section>
  );
};
