import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Box,
  Button,
  Chip,
  type ChipProps,
  MenuItem,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { useSessionUser } from '../../session/session';
import { MemberAvatar } from '../../teams/MemberAvatar';
import { memberName } from '../../teams/teamApi';
import { formatMinute } from '../../utils/formatTime';
import { type KnowledgeMember, type KnowledgeRole, knowledgeApi, type MyRole } from '../knowledgeApi';
import { AddMembersDialog } from './AddMembersDialog';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

const ROLE_COLOURS: Record<KnowledgeRole, ChipProps['color']> = {
  owner: 'warning',
  administrator: 'primary',
  editor: 'success',
  viewer: 'default',
};

/** The roles `me` may hand out (docs/api/knowledge.md: only the owner makes administrators). */
export const assignableRoles = (me: MyRole): KnowledgeRole[] =>
  me === 'owner' ? ['administrator', 'editor', 'viewer'] : me === 'administrator' ? ['editor', 'viewer'] : [];

/** Mirrors the server so pointless controls hide: nobody changes the owner; administrators leave each other be. */
const mayChange = (me: MyRole, target: KnowledgeRole) =>
  target !== 'owner' && (me === 'owner' || (me === 'administrator' && target !== 'administrator'));

export const RoleChip = ({ role }: { role: KnowledgeRole }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={ROLE_COLOURS[role]}
      variant={role === 'viewer' ? 'outlined' : 'filled'}
      label={translate(`app.knowledge.roles.${role}`)}
      data-role={role}
    />
  );
};

/** The project's members: roles changed in place, members added from the team, removed with a confirmation. */
export const MembersTab = ({ projectId, settings, readOnly }: TabProps) => {
  const translate = useTranslate();
  const user = useSessionUser();
  const me = settings.project.myRole;
  const { busy, run } = useProjectChange(projectId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<KnowledgeMember | null>(null);
  const members = settings.members;
  const isMe = (member: KnowledgeMember) => member.userId === Number(user?.userId);

  const changeRole = (member: KnowledgeMember, role: KnowledgeRole) =>
    run(() => knowledgeApi.changeRole(projectId, member.userId, role), 'app.knowledge.members.role_changed', {
      name: memberName(member),
      role: translate(`app.knowledge.roles.${role}`),
    });

  return (
    <Box data-testid="members-tab">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 1 }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {translate('app.knowledge.members.title', { smart_count: members.length })}
        </Typography>
        {!readOnly && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            {translate('app.knowledge.members.add')}
          </Button>
        )}
      </Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.knowledge.members.name')}</TableCell>
            <TableCell>{translate('app.knowledge.members.role')}</TableCell>
            <TableCell>{translate('app.knowledge.members.joined_at')}</TableCell>
            {!readOnly && <TableCell align="right">{translate('app.list.operation')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => {
            const changeable = !readOnly && !isMe(member) && mayChange(me, member.role);
            return (
              <TableRow key={member.userId} data-testid="member-row" data-name={memberName(member)} hover>
                <TableCell>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                    <MemberAvatar member={member} />
                    <span>{memberName(member)}</span>
                    {isMe(member) && (
                      <Typography variant="caption" color="text.secondary">
                        （{translate('app.knowledge.members.me')}）
                      </Typography>
                    )}
                  </Box>
                </TableCell>
                <TableCell>
                  {changeable ? (
                    <Select
                      size="small"
                      variant="standard"
                      value={member.role}
                      disabled={busy}
                      onChange={(event) => changeRole(member, event.target.value as KnowledgeRole)}
                      inputProps={{
                        'aria-label': translate('app.knowledge.members.role_of', { name: memberName(member) }),
                      }}
                      sx={{ minWidth: 104, fontSize: 14 }}
                    >
                      {[...new Set([member.role, ...assignableRoles(me)])].map((role) => (
                        <MenuItem key={role} value={role}>
                          {translate(`app.knowledge.roles.${role}`)}
                        </MenuItem>
                      ))}
                    </Select>
                  ) : (
                    <RoleChip role={member.role} />
                  )}
                </TableCell>
                <TableCell>{formatMinute(member.joinedAt)}</TableCell>
                {!readOnly && (
                  <TableCell align="right">
                    {changeable && (
                      <Button
                        size="small"
                        color="error"
                        startIcon={<PersonRemoveIcon />}
                        onClick={() => setRemoving(member)}
                      >
                        {translate('app.knowledge.members.remove')}
                      </Button>
                    )}
                  </TableCell>
                )}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {!readOnly && (
        <AddMembersDialog
          projectId={projectId}
          roles={assignableRoles(me)}
          open={adding}
          onClose={() => setAdding(false)}
        />
      )}
      <Confirm
        isOpen={Boolean(removing)}
        loading={busy}
        title="app.knowledge.members.remove_title"
        content="app.knowledge.members.remove_content"
        translateOptions={{ name: removing ? memberName(removing) : '' }}
        contentTranslateOptions={{ name: removing ? memberName(removing) : '' }}
        confirmColor="warning"
        onConfirm={async () => {
          if (removing)
            await run(() => knowledgeApi.removeMember(projectId, removing.userId), 'app.knowledge.members.removed');
          setRemoving(null);
        }}
        onClose={() => setRemoving(null)}
      />
    </Box>
  );
};
