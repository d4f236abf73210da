import { Box } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useDataProvider, useNotify } from 'react-admin';
import { request } from '../api/request';
import type { FieldDefinition } from '../list/fields';
import { GenericList } from '../list/GenericList';
import type { ImportResult, TableOptions } from '../list/listOptions';
import { useSessionUser } from '../session/session';
import { MemberAvatar } from '../teams/MemberAvatar';
import { TeamRequired } from '../teams/TeamRequired';
import { memberName, teamKeys, useTeamInfo } from '../teams/teamApi';
import { type MemberRecord, mayRemove, memberFields } from './memberFields';
import { RoleCell } from './RoleCell';

/** team/inviteByTelephone: a pending invitation and an SMS; the number's owner joins on accepting it. */
const invite = async (teamId: number, telephone: string) => {
  await request('team/inviteByTelephone', { teamId, telephone }, { notify: false });
  return 'app.member_import.invited';
};

/** /team/teamUser: the team's members through the gateway's REST surface, on the generic list. */
const TeamUserPage = () => <TeamRequired>{(teamId) => <TeamUserList teamId={teamId} />}</TeamRequired>;

const TeamUserList = ({ teamId }: { teamId: number }) => {
  const { data: team } = useTeamInfo(teamId);
  const myRole = team?.myRole;
  const user = useSessionUser();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const queryClient = useQueryClient();
  const changed = () => queryClient.invalidateQueries({ queryKey: teamKeys.all(teamId) });

  const fields = useMemo<FieldDefinition<MemberRecord>[]>(
    () =>
      memberFields.map((field) => {
        if (field.field === 'nickname') return { ...field, render: (member) => <Nickname {...member} /> };
        if (field.field === 'role' && field.bolShowColumn !== false)
          return { ...field, render: () => <RoleCell myRole={myRole} /> };
        return field;
      }),
    [myRole],
  );

  const options: TableOptions<MemberRecord> = {
    sort: { field: 'joinedAt', order: 'ASC' },
    btnList: [{ name: 'app.member_import.invite', function: (actions) => actions.openForm(-1) }],
    formTitle: 'app.member_import.invite',
    submit: async (values) => {
      notify(await invite(teamId, String(values.telephone ?? '').trim()), { type: 'success' });
      changed();
    },
    rowBtnList: [
      {
        name: 'app.team_user.remove',
        color: 'error',
        visible: (member) => member.userId !== Number(user?.userId) && mayRemove(myRole, member.role),
        confirm: (member) => ({
          title: 'app.team_user.remove_title',
          content: 'app.team_user.remove_content',
          translateOptions: { name: memberName(member) },
        }),
        function: async (member) => {
          await dataProvider.delete('teamUsers', { id: member.id, previousData: member });
          notify('app.team_user.removed', { type: 'success' });
          changed();
        },
      },
    ],
    importRow: async ({ telephone = '' }): Promise<ImportResult> => ({
      status: 'success',
      msg: await invite(teamId, telephone),
    }),
    exportName: 'app.team_user.export_file',
  };
  return <GenericList resource="teamUsers" fields={fields} options={options} />;
};

const Nickname = (member: MemberRecord) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <MemberAvatar member={member} />
    {member.nickname}
  </Box>
);

export default TeamUserPage;
