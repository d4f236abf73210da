import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { Avatar, Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { useTeamId } from '../session/session';
import { MyInvitationsCard } from './MyInvitationsCard';
import { useTeamGuide } from './TeamDialogs';

/**
 * SPEC §2.4 team layout: without a selected team, the 'not bound to any team' state with 'create team', under the
 * invitations waiting for the user's answer.
 */
export const TeamRequired = ({ children }: { children: (teamId: number) => ReactNode }) => {
  const translate = useTranslate();
  const teamId = useTeamId();
  const { openGuide } = useTeamGuide();
  if (teamId) return children(teamId);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2, p: { xs: 2, md: 6 } }}>
      <MyInvitationsCard sx={{ width: '100%', maxWidth: 480 }} />
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 480, textAlign: 'center' }} data-testid="no-team">
        <CardContent sx={{ py: 6, px: 4 }}>
          <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'primary.light' }}>
            <GroupAddIcon sx={{ fontSize: 40 }} />
          </Avatar>
          <Typography variant="h6" component="h1" sx={{ mb: 3 }}>
            {translate('app.team.no_team')}
          </Typography>
          <Button variant="contained" onClick={openGuide} startIcon={<GroupAddIcon />}>
            {translate('app.team.create')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
