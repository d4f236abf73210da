import GroupAddIcon from '@mui/icons-material/GroupAdd';
import LoginIcon from '@mui/icons-material/Login';
import { Alert, Button, CardContent, CircularProgress, Stack, Typography } from '@mui/material';
import type { TeamJoined } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate, useParams } from 'react-router-dom';
import { request } from '../api/request';
import { loadUser } from '../auth/userInfo';
import { LoginShell } from '../login/LoginShell';
import { loginPathFor } from '../navigation/loginPath';
import { getToken, getUser } from '../session/session';
import { TeamPoster } from './TeamPoster';
import type { Invitation } from './teamApi';
import { useSwitchTeam } from './useSwitchTeam';

/** /invite/:shareCode/:userId and /invite/:shareCode: the team, the inviter, and joining (after signing in). */
const InvitePage = () => {
  const translate = useTranslate();
  const { shareCode = '', userId } = useParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const switchTeam = useSwitchTeam();
  const signedIn = Boolean(getToken());
  const [joining, setJoining] = useState(false);

  useEffect(() => {
    // remembered for registration (SPEC §3: the inviter's code)
    if (shareCode) localStorage.setItem('shareCode', shareCode);
    if (signedIn && !getUser()) loadUser().catch(() => undefined);
  }, [shareCode, signedIn]);

  const invitation = useQuery({
    queryKey: ['invitation', shareCode, userId, signedIn],
    queryFn: () => request<Invitation>('team/shareIndex', { shareCode, userId }, { notify: false }),
    retry: false,
  });

  const join = async () => {
    setJoining(true);
    try {
      const { teamId } = await request<TeamJoined>('team/shareJoin', { shareCode, userId });
      await switchTeam(teamId, { reloadUser: true });
    } catch {
      setJoining(false);
    }
  };
  const team = invitation.data;

  return (
    <LoginShell cardWidth={440}>
      {invitation.isPending && (
        <CardContent sx={{ py: 8, textAlign: 'center' }}>
          <CircularProgress />
        </CardContent>
      )}
      {invitation.isError && !signedIn && (
        // Not a team's code: a person's promotion link (/share/index); registering records them as inviter.
        <CardContent sx={{ p: 4, textAlign: 'center' }} data-testid="personal-invite">
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            {translate('app.invite.personal')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.invite.personal_hint')}
          </Typography>
          <Stack spacing={1.5}>
            <Button variant="contained" onClick={() => navigate('/login?form=register')}>
              {translate('app.invite.register')}
            </Button>
            <Button variant="outlined" startIcon={<LoginIcon />} onClick={() => navigate('/login')}>
              {translate('app.invite.login_only')}
            </Button>
          </Stack>
        </CardContent>
      )}
      {invitation.isError && signedIn && (
        <CardContent sx={{ p: 4 }}>
          <Alert severity="warning" sx={{ mb: 3 }}>
            {translate((invitation.error as Error).message || 'app.invite.invalid')}
          </Alert>
          <Button component={Link} to="/" variant="outlined" fullWidth>
            {translate('app.invite.back_home')}
          </Button>
        </CardContent>
      )}
      {team && (
        <>
          <TeamPoster index={team.poster} name={team.teamName} height={150} rounded={0} />
          <CardContent sx={{ p: 4, textAlign: 'center' }}>
            <Typography color="text.secondary" data-testid="inviter">
              {team.inviterName
                ? translate('app.invite.invited_by', { name: team.inviterName })
                : translate('app.invite.invited')}
            </Typography>
            <Typography variant="h5" component="h1" sx={{ fontWeight: 700, my: 1 }} data-testid="invite-team">
              {team.teamName}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 3 }}>
              {translate('app.team.member_count', { smart_count: team.memberCount })}
            </Typography>
            {!signedIn && (
              <Stack spacing={1.5}>
                <Typography variant="body2" color="text.secondary">
                  {translate('app.invite.sign_in_hint')}
                </Typography>
                <Button variant="contained" startIcon={<LoginIcon />} onClick={() => navigate(loginPathFor(pathname))}>
                  {translate('app.invite.login')}
                </Button>
                <Button
                  variant="outlined"
                  onClick={() => navigate(`/login?${new URLSearchParams({ form: 'register', redirect: pathname })}`)}
                >
                  {translate('app.invite.register')}
                </Button>
              </Stack>
            )}
            {signedIn && team.alreadyMember && (
              <Stack spacing={1.5}>
                <Alert severity="success">{translate('app.invite.already_member')}</Alert>
                <Button variant="contained" onClick={() => switchTeam(team.teamId)}>
                  {translate('app.invite.enter')}
                </Button>
              </Stack>
            )}
            {signedIn && !team.alreadyMember && (
              <Button
                variant="contained"
                size="large"
                fullWidth
                startIcon={joining ? <CircularProgress size={16} color="inherit" /> : <GroupAddIcon />}
                disabled={joining}
                onClick={join}
              >
                {translate('app.invite.join')}
              </Button>
            )}
          </CardContent>
        </>
      )}
    </LoginShell>
  );
};

export default InvitePage;
