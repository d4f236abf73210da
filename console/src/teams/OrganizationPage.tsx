import {
  Alert,
  Box,
  Card,
  CardContent,
  LinearProgress,
  List,
  ListItem,
  ListItemAvatar,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslate } from 'react-admin';
import { MemberAvatar } from './MemberAvatar';
import { RoleChip } from './RoleChip';
import { TeamPoster } from './TeamPoster';
import { TeamRequired } from './TeamRequired';
import { memberName, type TeamMember, type TeamRole, useTeamInfo } from './teamApi';
import { useAllMembers } from './useAllMembers';

const ROLES: TeamRole[] = ['owner', 'administrator', 'member'];
const LINE = '1px solid #c0c4cc';

/** /team/organization: the team as a chart, owner, administrators and members grouped with their counts. */
const OrganizationPage = () => <TeamRequired>{(teamId) => <Organization teamId={teamId} />}</TeamRequired>;

const Organization = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const { data: team } = useTeamInfo(teamId);
  const { data: members, error, isPending } = useAllMembers(teamId);
  if (isPending) return <LinearProgress />;
  if (!members) return <Alert severity="error">{(error as Error | null)?.message}</Alert>;
  return (
    <Box sx={{ p: { xs: 1, md: 3 }, overflowX: 'auto' }} data-testid="organization">
      <Box sx={{ display: 'flex', justifyContent: 'center' }}>
        <Card variant="outlined" sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5, pr: 3 }}>
          <TeamPoster index={team?.poster ?? 0} name={team?.name} width={56} height={56} />
          <Box>
            <Typography variant="h6" component="h1">
              {team?.name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('app.team.member_count', { smart_count: members.length })}
            </Typography>
          </Box>
        </Card>
      </Box>
      <Box sx={{ width: '1px', height: 24, bgcolor: '#c0c4cc', mx: 'auto' }} />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(3, minmax(220px, 1fr))' }}>
        {ROLES.map((role, index) => (
          <Box
            key={role}
            sx={{
              position: 'relative',
              pt: 3,
              px: 1,
              // the connector: a horizontal line across the columns' tops and a stub down to each group
              '&::before': {
                content: '""',
                position: 'absolute',
                top: 0,
                left: index === 0 ? '50%' : 0,
                right: index === ROLES.length - 1 ? '50%' : 0,
                borderTop: LINE,
              },
              '&::after': { content: '""', position: 'absolute', top: 0, left: '50%', height: 24, borderLeft: LINE },
            }}
          >
            <RoleGroup role={role} members={members.filter((member) => member.role === role)} />
          </Box>
        ))}
      </Box>
    </Box>
  );
};

const RoleGroup = ({ role, members }: { role: TeamRole; members: TeamMember[] }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={`org-${role}`}>
      <Box
        sx={{
          px: 2,
          py: 1.25,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'space-between',
          bgcolor: 'action.hover',
          borderBottom: 1,
          borderColor: 'divider',
        }}
      >
        <RoleChip role={role} />
        <Typography variant="body2" color="text.secondary" data-testid={`org-${role}-count`}>
          {translate('app.organization.count', { smart_count: members.length })}
        </Typography>
      </Box>
      <CardContent sx={{ py: 0.5, '&:last-child': { pb: 0.5 } }}>
        {members.length === 0 ? (
          <Typography variant="body2" color="text.secondary" sx={{ py: 1.5, textAlign: 'center' }}>
            {translate('app.organization.none')}
          </Typography>
        ) : (
          <List dense disablePadding>
            {members.map((member) => (
              <ListItem key={member.userId} disableGutters>
                <ListItemAvatar sx={{ minWidth: 40 }}>
                  <MemberAvatar member={member} />
                </ListItemAvatar>
                <ListItemText primary={memberName(member)} secondary={member.telephone} />
              </ListItem>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
};

export default OrganizationPage;
