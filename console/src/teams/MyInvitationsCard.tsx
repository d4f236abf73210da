import MailOutlineIcon from '@mui/icons-material/MailOutline';
import {
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  type SxProps,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { useSessionUser } from '../session/session';
import { useRelativeTime } from '../utils/useRelativeTime';
import { TeamPoster } from './TeamPoster';
import { type MyInvitation, myInvitationsKey, useMyInvitations } from './teamApi';
import { useSwitchTeam } from './useSwitchTeam';

interface MyInvitationsCardProps {
  /** Called before switching to a team whose invitation was accepted (the guide closes itself). */
  onAccepted?: () => void;
  sx?: SxProps;
}

/**
 * The teams that invited the signed-in user's telephone, each with 接受 / 拒绝. Nothing shows when there are none.
 * Accepting makes the user a member and switches to the team, as joining by a share link does.
 */
export const MyInvitationsCard = ({ onAccepted, sx }: MyInvitationsCardProps) => {
  const translate = useTranslate();
  const user = useSessionUser();
  const { data: invitations } = useMyInvitations(Boolean(user));
  if (!invitations?.length) return null;
  return (
    <Card variant="outlined" sx={{ borderColor: 'primary.light', ...sx }} data-testid="my-invitations">
      <CardHeader
        avatar={
          <Avatar sx={{ bgcolor: 'primary.light' }}>
            <MailOutlineIcon />
          </Avatar>
        }
        title={translate('app.team_invitation.title')}
        subheader={translate('app.team_invitation.hint')}
        slotProps={{ title: { variant: 'subtitle1', sx: { fontWeight: 600 } } }}
        sx={{ textAlign: 'left', pb: 0 }}
      />
      <CardContent sx={{ pt: 0.5, '&:last-child': { pb: 1 } }}>
        <List disablePadding>
          {invitations.map((invitation, index) => (
            <InvitationItem
              key={invitation.teamId}
              invitation={invitation}
              onAccepted={onAccepted}
              divider={index < invitations.length - 1}
            />
          ))}
        </List>
      </CardContent>
    </Card>
  );
};

interface InvitationItemProps {
  invitation: MyInvitation;
  onAccepted?: () => void;
  divider: boolean;
}

const InvitationItem = ({ invitation, onAccepted, divider }: InvitationItemProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const switchTeam = useSwitchTeam();
  const { formatRelative } = useRelativeTime();
  const [busy, setBusy] = useState(false);
  const team = { team: invitation.teamName };
  const time = formatRelative(invitation.invitedAt);

  const answer = async (accept: boolean) => {
    setBusy(true);
    try {
      await request(accept ? 'team/acceptInvitation' : 'team/declineInvitation', { teamId: invitation.teamId });
      notify(accept ? 'app.team_invitation.accepted' : 'app.team_invitation.declined', {
        type: 'success',
        messageArgs: team,
      });
      await queryClient.invalidateQueries({ queryKey: myInvitationsKey });
      if (accept) {
        onAccepted?.();
        await switchTeam(invitation.teamId, { reloadUser: true });
      }
    } catch {
      // the request client has shown the server's message; the list may be stale
      await queryClient.invalidateQueries({ queryKey: myInvitationsKey });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ListItem disableGutters divider={divider} sx={{ gap: 1, flexWrap: 'wrap' }} data-testid="my-invitation">
      <ListItemAvatar sx={{ minWidth: 56 }}>
        <TeamPoster index={invitation.poster} name={invitation.teamName} width={44} height={44} />
      </ListItemAvatar>
      <ListItemText
        primary={invitation.teamName}
        secondary={
          invitation.inviterName
            ? translate('app.team_invitation.invited_by', { name: invitation.inviterName, time })
            : translate('app.team_invitation.invited_at', { time })
        }
        slotProps={{ primary: { sx: { fontWeight: 600 } } }}
        sx={{ flex: '1 1 160px', textAlign: 'left' }}
      />
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>
        <Button size="small" variant="outlined" color="inherit" disabled={busy} onClick={() => answer(false)}>
          {translate('app.team_invitation.decline')}
        </Button>
        <Button size="small" variant="contained" disabled={busy} onClick={() => answer(true)}>
          {translate('app.team_invitation.accept')}
        </Button>
      </Box>
    </ListItem>
  );
};
