import { Chip, type ChipProps } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { TeamRole } from './teamApi';

const COLOURS: Record<TeamRole, ChipProps['color']> = {
  owner: 'warning',
  administrator: 'primary',
  member: 'default',
};

export const RoleChip = ({ role, size = 'small' }: { role: TeamRole; size?: ChipProps['size'] }) => {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      color={COLOURS[role]}
      variant={role === 'member' ? 'outlined' : 'filled'}
      label={translate(`app.team.roles.${role}`)}
      data-role={role}
    />
  );
};
