import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import type { MembersAdded } from '@pmbok/api-types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MemberAvatar } from '../teams/MemberAvatar';
import { memberName } from '../teams/teamApi';
import { useAllMembers } from '../teams/useAllMembers';
import { type ProjectMember, type TaskProject, taskCall, taskKeys } from './taskApi';

interface AddMembersDialogProps {
  project: TaskProject;
  members: ProjectMember[];
  open: boolean;
  onClose: () => void;
}

/** Picks members of the project's team who are not in the project yet (batchCreateProjectUser). */
export const AddMembersDialog = ({ project, members, open, onClose }: AddMembersDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: team = [], isPending } = useAllMembers(project.teamId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  const inProject = new Set(members.map((member) => member.userId));
  const candidates = team.filter((member) => !inProject.has(member.userId));
  const toggle = (userId: number) =>
    setChosen((current) => (current.includes(userId) ? current.filter((id) => id !== userId) : [...current, userId]));

  const add = async () => {
    setSaving(true);
    try {
      const { added } = await taskCall<MembersAdded>('batchCreateProjectUser', {
        projectId: project.taskProjectId,
        userIds: JSON.stringify(chosen),
      });
      notify('app.task.members.added', { type: 'success', messageArgs: { smart_count: added } });
      setChosen([]);
      onClose();
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(project.taskProjectId) });
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="add-members-title">
      <DialogTitle id="add-members-title">{translate('app.task.members.add')}</DialogTitle>
      <DialogContent dividers>
        {isPending && <LinearProgress />}
        {!isPending && !candidates.length && (
          <Typography color="text.secondary">{translate('app.task.members.no_candidates')}</Typography>
        )}
        <List dense disablePadding>
          {candidates.map((member) => (
            <ListItem key={member.userId} disablePadding>
              {/* the whole row is the checkbox (role and name) for assistive technology; the box only shows it */}
              <ListItemButton
                onClick={() => toggle(member.userId)}
                role="checkbox"
                aria-checked={chosen.includes(member.userId)}
                data-testid="candidate"
              >
                <ListItemIcon sx={{ minWidth: 36 }}>
                  <Checkbox
                    edge="start"
                    checked={chosen.includes(member.userId)}
                    tabIndex={-1}
                    disableRipple
                    aria-hidden
                  />
                </ListItemIcon>
                <MemberAvatar member={member} />
                <ListItemText primary={memberName(member)} secondary={member.telephone} sx={{ ml: 1.5 }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={add} disabled={saving || !chosen.length}>
          {translate('ra.action.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
