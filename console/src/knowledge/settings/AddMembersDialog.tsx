import {
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  Radio,
  RadioGroup,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { MemberAvatar } from '../../teams/MemberAvatar';
import { memberName } from '../../teams/teamApi';
import { type KnowledgeRole, knowledgeApi, knowledgeKeys } from '../knowledgeApi';
import { useProjectChange } from './useProjectChange';

interface AddMembersDialogProps {
  projectId: number;
  /** The roles the caller may hand out. */
  roles: KnowledgeRole[];
  open: boolean;
  onClose: () => void;
}

/** Picks team members who are not in the project yet (projectUser/teamInfo) and adds them with one role. */
export const AddMembersDialog = ({ projectId, roles, open, onClose }: AddMembersDialogProps) => {
  const translate = useTranslate();
  const { data: team = [], isPending } = useQuery({
    queryKey: knowledgeKeys.candidates(projectId),
    queryFn: () => knowledgeApi.candidates(projectId),
    enabled: open,
  });
  const { busy, run } = useProjectChange(projectId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [role, setRole] = useState<KnowledgeRole>('editor');
  const candidates = team.filter((member) => !member.role);
  const toggle = (userId: number) =>
    setChosen((current) => (current.includes(userId) ? current.filter((id) => id !== userId) : [...current, userId]));

  const add = async () => {
    const added = await run(() => knowledgeApi.addMembers(projectId, chosen, role), 'app.knowledge.members.added', {
      smart_count: chosen.length,
    });
    if (added) {
      setChosen([]);
      onClose();
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="add-knowledge-members">
      <DialogTitle id="add-knowledge-members">{translate('app.knowledge.members.add')}</DialogTitle>
      <DialogContent dividers>
        {open && isPending && <LinearProgress />}
        {!isPending && !candidates.length && (
          <Typography color="text.secondary">{translate('app.knowledge.members.no_candidates')}</Typography>
        )}
        <List dense disablePadding sx={{ maxHeight: 320, overflow: 'auto' }}>
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
                <ListItemText primary={memberName(member)} sx={{ ml: 1.5 }} />
              </ListItemButton>
            </ListItem>
          ))}
        </List>
        {candidates.length > 0 && (
          <>
            <Typography variant="subtitle2" sx={{ mt: 2 }}>
              {translate('app.knowledge.members.add_as')}
            </Typography>
            <RadioGroup value={role} onChange={(event) => setRole(event.target.value as KnowledgeRole)}>
              {roles.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={<Radio size="small" />}
                  label={
                    <>
                      {translate(`app.knowledge.roles.${option}`)}
                      <Typography component="span" variant="caption" color="text.secondary" sx={{ ml: 1 }}>
                        {translate(`app.knowledge.members.role_hints.${option}`)}
                      </Typography>
                    </>
                  }
                />
              ))}
            </RadioGroup>
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={add} disabled={busy || !chosen.length}>
          {translate('ra.action.add')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
