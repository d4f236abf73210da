import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import RefreshIcon from '@mui/icons-material/Refresh';
import {
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Divider,
  InputAdornment,
  TextField,
  Typography,
} from '@mui/material';
import type { Invited, ShareCode } from '@pmbok/api-types';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { useCopyInviteLink } from '../clipboard/useCopyInviteLink';
import { validateTelephone } from '../login/validators';
import { useSessionUser } from '../session/session';
import { PendingInvitations } from './PendingInvitations';
import { canManage, type TeamInfo, teamKeys, useShareInfo } from './teamApi';

/** SPEC §2.2 invite link form, with the inviter so the invitation page can name them. */
const inviteLink = (shareCode: string, userId: number | string) =>
  `${window.location.origin}${import.meta.env.BASE_URL}#/invite/${shareCode}/${userId}`;

/** The share link with copy and refresh, and invitation by telephone (owner and administrators). */
export const InviteCard = ({ team }: { team: TeamInfo }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const { data: share } = useShareInfo(team.teamId);
  const manager = canManage(team.myRole);
  const copyLink = useCopyInviteLink();
  const [confirming, setConfirming] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const link = share && user ? inviteLink(share.shareCode, user.userId) : '';

  const copy = () => copyLink(link);
  const refresh = async () => {
    setRefreshing(true);
    try {
      const { shareCode } = await request<ShareCode>('team/refreshShareCode', { teamId: team.teamId });
      queryClient.setQueryData(teamKeys.shareInfo(team.teamId), { shareCode, teamName: team.name });
      notify('app.team.refreshed', { type: 'success' });
    } catch {
      // shown by the request client
    } finally {
      setRefreshing(false);
      setConfirming(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="team-invite">
      <CardHeader title={translate('app.team.invite_title')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        <TextField
          label={translate('app.team.invite_link')}
          value={link}
          fullWidth
          slotProps={{
            htmlInput: { readOnly: true, 'data-testid': 'invite-link' },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  <Button startIcon={<ContentCopyIcon />} onClick={copy} disabled={!link}>
                    {translate('app.team.copy')}
                  </Button>
                </InputAdornment>
              ),
            },
          }}
        />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {translate('app.team.invite_hint')}
        </Typography>
        {manager && (
          <>
            <Button startIcon={<RefreshIcon />} onClick={() => setConfirming(true)} sx={{ mt: 1 }} color="warning">
              {translate('app.team.refresh_code')}
            </Button>
            <Confirm
              isOpen={confirming}
              loading={refreshing}
              title="app.team.refresh_code"
              content="app.team.refresh_content"
              onConfirm={refresh}
              onClose={() => setConfirming(false)}
            />
            <Divider sx={{ my: 2 }} />
            <InviteByTelephone teamId={team.teamId} />
            <PendingInvitations teamId={team.teamId} />
          </>
        )}
      </CardContent>
    </Card>
  );
};

const InviteByTelephone = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [telephone, setTelephone] = useState('');
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  // The answer says nothing about the number's owner; what the inviter learns is that an invitation is pending.
  const [sent, setSent] = useState(false);
  const error = touched ? validateTelephone(telephone.trim()) : undefined;

  const invite = async () => {
    setTouched(true);
    if (validateTelephone(telephone.trim())) return;
    setSending(true);
    try {
      await request<Invited>('team/inviteByTelephone', { teamId, telephone: telephone.trim() });
      notify('app.team_invitation.sent', { type: 'success' });
      setTelephone('');
      setTouched(false);
      setSent(true);
      await queryClient.invalidateQueries({ queryKey: teamKeys.pendingInvitations(teamId) });
    } catch {
      // shown by the request client
    } finally {
      setSending(false);
    }
  };

  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start' }}>
      <TextField
        name="inviteTelephone"
        size="small"
        label={translate('app.team.invite_phone')}
        value={telephone}
        onChange={(event) => {
          setTelephone(event.target.value);
          setSent(false);
        }}
        onBlur={() => setTouched(Boolean(telephone))}
        error={Boolean(error)}
        helperText={error ? translate(error) : sent ? translate('app.team_invitation.sent') : ' '}
        slotProps={{
          htmlInput: { inputMode: 'tel', maxLength: 11 },
          formHelperText: { sx: sent && !error ? { color: 'success.main' } : undefined },
        }}
        sx={{ flex: 1 }}
      />
      <Button variant="outlined" startIcon={<PersonAddIcon />} onClick={invite} disabled={sending} sx={{ mt: 0.5 }}>
        {translate('app.team.invite_phone_button')}
      </Button>
    </Box>
  );
};
