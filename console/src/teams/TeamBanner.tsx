import { Box, Chip, Stack, Typography } from '@mui/material';
import { useLocaleState, useTranslate } from 'react-admin';
import { RoleChip } from './RoleChip';
import { TeamPoster } from './TeamPoster';
import type { TeamInfo } from './teamApi';

/** The team's poster with its name, size, owner and the user's role. */
export const TeamBanner = ({ team }: { team: TeamInfo }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return (
    <Box sx={{ position: 'relative', borderRadius: 2, overflow: 'hidden', gridColumn: '1 / -1' }}>
      <TeamPoster index={team.poster} height={140} rounded={0} />
      <Box
        sx={{
          position: 'absolute',
          inset: 0,
          p: 3,
          display: 'flex',
          flexDirection: 'column',
          justifyContent: 'flex-end',
          color: '#fff',
          background: 'linear-gradient(90deg, rgba(0,0,0,0.35), rgba(0,0,0,0) 70%)',
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700 }} data-testid="team-name">
          {team.name}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <Chip
            size="small"
            label={translate('app.team.member_count', { smart_count: team.memberCount })}
            sx={{ bgcolor: 'rgba(255,255,255,0.9)' }}
          />
          <Chip
            size="small"
            label={translate('app.team.owner', { name: team.ownerName })}
            sx={{ bgcolor: 'rgba(255,255,255,0.9)' }}
            data-testid="team-owner"
          />
          <Chip
            size="small"
            label={translate('app.team.created_at', { date: new Date(team.createdAt).toLocaleDateString(locale) })}
            sx={{ bgcolor: 'rgba(255,255,255,0.9)' }}
          />
          <Box component="span" data-testid="my-role" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
            <Typography component="span" variant="body2">
              {translate('app.team.my_role')}
            </Typography>
            <RoleChip role={team.myRole} />
          </Box>
        </Stack>
      </Box>
    </Box>
  );
};
