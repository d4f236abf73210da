import { Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { useRelativeTime } from '../utils/useRelativeTime';
import { teamKeys, usePendingInvitations } from './teamApi';

/**
 * The team's invitations not yet answered (owner and administrators): only the telephones they typed, since the
 * team may learn nothing about a person before they accept; each can be revoked.
 */
export const PendingInvitations = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { formatRelative } = useRelativeTime();
  const { data: pending } = usePendingInvitations(teamId, true);
  const [revoking, setRevoking] = useState('');
  if (!pending?.length) return null;

  const revoke = async (telephone: string) => {
    setRevoking(telephone);
    try {
      await request('team/revokeInvitation', { teamId, telephone });
      notify('app.team_invitation.revoked', { type: 'success', messageArgs: { telephone } });
    } catch {
      // shown by the request client
    } finally {
      setRevoking('');
      await queryClient.invalidateQueries({ queryKey: teamKeys.pendingInvitations(teamId) });
    }
  };

  return (
    <>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mt: 1 }}>
        {translate('app.team_invitation.pending_title')}
      </Typography>
      <List dense disablePadding data-testid="pending-invitations">
        {pending.map((invitation) => (
          <ListItem
            key={invitation.telephone}
            disableGutters
            secondaryAction={
              <Button
                size="small"
                color="warning"
                disabled={revoking === invitation.telephone}
                onClick={() => revoke(invitation.telephone)}
              >
                {translate('app.team_invitation.revoke')}
              </Button>
            }
          >
            <ListItemText
              primary={invitation.telephone}
              secondary={translate('app.team_invitation.pending_by', {
                name: invitation.inviterName,
                time: formatRelative(invitation.invitedAt),
              })}
            />
          </ListItem>
        ))}
      </List>
    </>
  );
};
