import { MenuItem, Select } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useNotify, useRecordContext, useTranslate, useUpdate } from 'react-admin';
import { useTeamId } from '../session/session';
import { RoleChip } from '../teams/RoleChip';
import { memberName, type TeamMember, type TeamRole, teamKeys } from '../teams/teamApi';

const ASSIGNABLE: TeamRole[] = ['administrator', 'member'];

type MemberRecord = TeamMember & { id: number };

/** The member's role; the owner changes it in place (PUT /teamUsers/:id). */
export const RoleCell = ({ myRole }: { myRole?: TeamRole }) => {
  const record = useRecordContext<MemberRecord>();
  const translate = useTranslate();
  const notify = useNotify();
  const teamId = useTeamId();
  const queryClient = useQueryClient();
  const [update, { isPending }] = useUpdate<MemberRecord>('teamUsers', undefined, {
    mutationMode: 'pessimistic',
    onSuccess: (member) => {
      notify('app.team_user.role_changed', { type: 'success', messageArgs: { name: memberName(member) } });
      queryClient.invalidateQueries({ queryKey: teamKeys.all(teamId) });
    },
    onError: (error) => notify((error as Error).message || 'ra.notification.http_error', { type: 'error' }),
  });
  if (!record) return null;
  if (myRole !== 'owner' || record.role === 'owner') return <RoleChip role={record.role} />;

  const change = (role: TeamRole) => update('teamUsers', { id: record.id, data: { role }, previousData: record });

  return (
    <Select
      size="small"
      variant="standard"
      value={record.role}
      disabled={isPending}
      onChange={(event) => change(event.target.value as TeamRole)}
      onClick={(event) => event.stopPropagation()}
      inputProps={{ 'aria-label': translate('app.team_user.role_of', { name: memberName(record) }) }}
      data-testid={`role-select-${record.id}`}
      sx={{ minWidth: 96, fontSize: 14 }}
    >
      {ASSIGNABLE.map((role) => (
        <MenuItem key={role} value={role}>
          {translate(`app.team.roles.${role}`)}
        </MenuItem>
      ))}
    </Select>
  );
};
