import { Alert, Box, Card, CardContent, LinearProgress } from '@mui/material';
import { useTranslate } from 'react-admin';
import { WebhookSettings } from '../chat/WebhookSettings';
import { InviteCard } from './InviteCard';
import { MyInvitationsCard } from './MyInvitationsCard';
import { TeamActionsCard } from './TeamActionsCard';
import { TeamBanner } from './TeamBanner';
import { TeamRequired } from './TeamRequired';
import { TeamSettingsCard } from './TeamSettingsCard';
import { canManage, useTeamInfo } from './teamApi';

/** /team/index: the selected team's settings, invitations, ownership and quitting; invitations to other teams. */
const TeamIndexPage = () => <TeamRequired>{(teamId) => <TeamIndex teamId={teamId} />}</TeamRequired>;

const TeamIndex = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const { data: team, error, isPending } = useTeamInfo(teamId);
  if (isPending) return <LinearProgress />;
  if (!team)
    return <Alert severity="error">{translate((error as Error | null)?.message || 'app.request.error')}</Alert>;
  return (
    <Box
      sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' } }}
      data-testid="team-index"
    >
      <TeamBanner team={team} />
      <MyInvitationsCard sx={{ gridColumn: '1 / -1' }} />
      <Box sx={{ alignSelf: 'start' }}>
        <TeamSettingsCard key={`${team.teamId}:${team.name}:${team.poster}`} team={team} />
      </Box>
      <Box sx={{ display: 'grid', gap: 2, alignContent: 'start' }}>
        <InviteCard team={team} />
        <TeamActionsCard team={team} />
      </Box>
      {canManage(team.myRole) && (
        <Card variant="outlined" sx={{ gridColumn: '1 / -1' }}>
          <CardContent>
            <WebhookSettings scope={{ scope: 'team' }} canManage />
          </CardContent>
        </Card>
      )}
    </Box>
  );
};

export default TeamIndexPage;
