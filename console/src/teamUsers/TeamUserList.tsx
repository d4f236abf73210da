import { Box } from '@mui/material';
import { useMemo } from 'react';
import {
  ColumnsButton,
  DataTable,
  DateField,
  List,
  Pagination,
  SearchInput,
  SelectInput,
  TopToolbar,
  useTranslate,
} from 'react-admin';
import { MemberAvatar } from '../teams/MemberAvatar';
import { TeamRequired } from '../teams/TeamRequired';
import { type TeamMember, useTeamInfo } from '../teams/teamApi';
import { ExportMenu } from './ExportMenu';
import { RemoveMemberButton } from './RemoveMemberButton';
import { RoleCell } from './RoleCell';

/** SPEC §2.5 / §9 page sizes. */
const PAGE_SIZES = [10, 20, 30, 50];

// The gateway filters by administrator or member; the owner is always the one row the role chip marks.
const ROLE_CHOICES = [
  { id: 'administrator', name: 'app.team.roles.administrator' },
  { id: 'member', name: 'app.team.roles.member' },
];

// SearchInput shows its placeholder as given, so it is translated here.
const useFilters = () => {
  const translate = useTranslate();
  return useMemo(
    () => [
      <SearchInput
        key="q"
        source="q"
        alwaysOn
        placeholder={translate('app.team_user.search')}
        sx={{ minWidth: 260 }}
      />,
      <SelectInput key="role" source="role" choices={ROLE_CHOICES} alwaysOn emptyText="app.team_user.all_roles" />,
    ],
    [translate],
  );
};

const Actions = () => (
  <TopToolbar>
    <ColumnsButton />
    <ExportMenu />
  </TopToolbar>
);

const Nickname = (member: TeamMember) => (
  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
    <MemberAvatar member={member} />
    {member.nickname}
  </Box>
);

/** /team/teamUser: the team's members through the gateway's REST surface. */
const TeamUserPage = () => <TeamRequired>{(teamId) => <TeamUserList teamId={teamId} />}</TeamRequired>;

const TeamUserList = ({ teamId }: { teamId: number }) => {
  const { data: team } = useTeamInfo(teamId);
  const myRole = team?.myRole;
  const filters = useFilters();
  return (
    <List
      resource="teamUsers"
      title={false}
      perPage={20}
      sort={{ field: 'joinedAt', order: 'ASC' }}
      filters={filters}
      actions={<Actions />}
      pagination={<Pagination rowsPerPageOptions={PAGE_SIZES} />}
      exporter={false}
      empty={false}
      sx={{ px: { xs: 0, md: 1 } }}
    >
      <DataTable bulkActionButtons={false} rowClick={false} size="medium">
        <DataTable.Col source="nickname" render={Nickname} />
        <DataTable.Col source="trueName" />
        <DataTable.Col source="telephone" disableSort />
        <DataTable.Col source="role">
          <RoleCell myRole={myRole} />
        </DataTable.Col>
        <DataTable.Col source="joinedAt">
          <DateField source="joinedAt" showTime />
        </DataTable.Col>
        <DataTable.Col label="app.team_user.operation" align="right">
          <RemoveMemberButton myRole={myRole} />
        </DataTable.Col>
      </DataTable>
    </List>
  );
};

export default TeamUserPage;
