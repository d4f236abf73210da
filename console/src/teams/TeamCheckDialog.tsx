import {
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { MemberAvatar } from './MemberAvatar';
import { RoleChip } from './RoleChip';
import { memberName, type TeamInitCheck } from './teamApi';

const SHOWN_MEMBERS = 8;

interface TeamCheckDialogProps {
  open: boolean;
  onClose: () => void;
  check: TeamInitCheck;
}

/** SPEC §2.4: which team the user is working in and who is in it, with a way to the team page. */
export const TeamCheckDialog = ({ open, onClose, check }: TeamCheckDialogProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const members = check.teamUserList;
  return (
    <Dialog open={open} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="team-check-title">
      <DialogTitle id="team-check-title">{translate('app.team_check.title')}</DialogTitle>
      <DialogContent dividers>
        <Typography>
          {translate('app.team_check.current')}
          <Typography component="strong" sx={{ fontWeight: 700 }} data-testid="team-check-name">
            {check.teamName}
          </Typography>
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.team_check.members', { smart_count: members.length })}
        </Typography>
        <List dense>
          {members.slice(0, SHOWN_MEMBERS).map((member) => (
            <ListItem key={member.userId} secondaryAction={<RoleChip role={member.role} />} disableGutters>
              <ListItemAvatar sx={{ minWidth: 40 }}>
                <MemberAvatar member={member} />
              </ListItemAvatar>
              <ListItemText primary={memberName(member)} secondary={member.telephone} />
            </ListItem>
          ))}
        </List>
        {members.length > SHOWN_MEMBERS && (
          <Typography variant="caption" color="text.secondary">
            {translate('app.team_check.more', { count: members.length - SHOWN_MEMBERS })}
          </Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} autoFocus>
          {translate('app.team_check.ok')}
        </Button>
        <Button
          variant="contained"
          onClick={() => {
            onClose();
            navigate('/team/index');
          }}
        >
          {translate('app.team_check.to_team')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
