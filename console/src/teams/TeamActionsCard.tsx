import ExitToAppIcon from '@mui/icons-material/ExitToApp';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Box, Button, Card, CardContent, CardHeader, Divider, MenuItem, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { loadUser } from '../auth/userInfo';
import { useSessionUser } from '../session/session';
import { memberName, type TeamInfo, teamKeys } from './teamApi';
import { useAllMembers } from './useAllMembers';
import { useLeaveTeam } from './useSwitchTeam';

/** Change owner (owner only) and quit the team (anyone but the owner). */
export const TeamActionsCard = ({ team }: { team: TeamInfo }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid="team-actions">
      <CardHeader title={translate('app.team.actions_title')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {team.myRole === 'owner' && (
          <>
            <ChangeOwner team={team} />
            <Divider sx={{ my: 2 }} />
          </>
        )}
        <QuitTeam team={team} />
      </CardContent>
    </Card>
  );
};

const ChangeOwner = ({ team }: { team: TeamInfo }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data: members = [] } = useAllMembers(team.teamId);
  const candidates = members.filter((member) => member.userId !== team.ownerId);
  const [userId, setUserId] = useState<number | ''>('');
  const [confirming, setConfirming] = useState(false);
  const [saving, setSaving] = useState(false);
  const chosen = candidates.find((member) => member.userId === userId);

  const transfer = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      await request('team/changeOwner', { teamId: team.teamId, userId: chosen.userId });
      notify('app.team.owner_changed', { type: 'success', messageArgs: { name: memberName(chosen) } });
      setUserId('');
      queryClient.removeQueries({ queryKey: ['teamUsers'] });
      await Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.all(team.teamId) }), loadUser()]);
    } catch {
      // shown by the request client
    } finally {
      setSaving(false);
      setConfirming(false);
    }
  };

  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('app.team.change_owner')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate(candidates.length ? 'app.team.change_owner_hint' : 'app.team.no_other_members')}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
        <TextField
          select
          size="small"
          name="newOwner"
          label={translate('app.team.new_owner')}
          value={userId}
          onChange={(event) => setUserId(Number(event.target.value))}
          disabled={!candidates.length}
          sx={{ flex: 1 }}
        >
          {candidates.map((member) => (
            <MenuItem key={member.userId} value={member.userId}>
              {memberName(member)} ({member.telephone})
            </MenuItem>
          ))}
        </TextField>
        <Button variant="outlined" startIcon={<SwapHorizIcon />} disabled={!chosen} onClick={() => setConfirming(true)}>
          {translate('app.team.change_owner')}
        </Button>
      </Box>
      <Confirm
        isOpen={confirming}
        loading={saving}
        title="app.team.change_owner"
        content="app.team.change_owner_content"
        contentTranslateOptions={{ team: team.name, name: chosen ? memberName(chosen) : '' }}
        onConfirm={transfer}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};

const QuitTeam = ({ team }: { team: TeamInfo }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const leaveTeam = useLeaveTeam();
  const user = useSessionUser();
  const [confirming, setConfirming] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const isOwner = team.myRole === 'owner' || team.ownerId === Number(user?.userId);

  const quit = async () => {
    setLeaving(true);
    try {
      await request('userInfo/quitTeam', { teamId: team.teamId });
      notify('app.team.quit_done', { type: 'success' });
      setConfirming(false);
      await leaveTeam();
    } catch {
      setLeaving(false);
      setConfirming(false);
    }
  };

  return (
    <Box>
      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
        {translate('app.team.quit')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }} data-testid="quit-reason">
        {translate(isOwner ? 'app.team.quit_owner_reason' : 'app.team.quit_hint')}
      </Typography>
      <Button
        variant="outlined"
        color="error"
        startIcon={<ExitToAppIcon />}
        disabled={isOwner}
        onClick={() => setConfirming(true)}
      >
        {translate('app.team.quit')}
      </Button>
      <Confirm
        isOpen={confirming}
        loading={leaving}
        title="app.team.quit"
        content="app.team.quit_content"
        contentTranslateOptions={{ team: team.name }}
        confirmColor="warning"
        onConfirm={quit}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
};
