import PersonAddIcon from '@mui/icons-material/PersonAdd';
import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import {
  Box,
  Button,
  MenuItem,
  Paper,
  Select,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { useSessionUser } from '../session/session';
import { RoleChip } from '../teams/RoleChip';
import { formatMinute } from '../utils/formatTime';
import { AddMembersDialog } from './AddMembersDialog';
import { ProjectShell } from './ProjectShell';
import {
  canManageProject,
  type ProjectMember,
  type TaskProject,
  taskCall,
  taskKeys,
  useProjectMembers,
} from './taskApi';

/** README: the owner removes anyone but themself; administrators remove plain members. */
const mayRemove = (myRole: TaskProject['myRole'], target: ProjectMember['role']) =>
  target !== 'owner' && (myRole === 'owner' || (myRole === 'administrator' && target === 'member'));

/** /taskManage/user/:projectId: the project's members, their roles, adding from the team and removing. */
const ProjectMembersPage = () => (
  <ProjectShell page="user">{(project) => <ProjectMembers project={project} />}</ProjectShell>
);

const ProjectMembers = ({ project }: { project: TaskProject }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const user = useSessionUser();
  const projectId = project.taskProjectId;
  const { data: members = [] } = useProjectMembers(projectId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<ProjectMember | null>(null);
  const [saving, setSaving] = useState(false);
  const active = project.status === 'active';

  const change = async (call: string, body: Record<string, string | number>, done: string, args = {}) => {
    setSaving(true);
    try {
      await taskCall(call, { projectId, ...body });
      notify(done, { type: 'success', messageArgs: args });
      setRemoving(null);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
      await queryClient.invalidateQueries({ queryKey: taskKeys.project(projectId) });
    }
  };

  return (
    <Paper variant="outlined" data-testid="project-members">
      <Box sx={{ display: 'flex', alignItems: 'center', p: 1.5 }}>
        <Typography variant="subtitle1" sx={{ flex: 1, fontWeight: 600 }}>
          {translate('app.task.members.title', { smart_count: members.length })}
        </Typography>
        {canManageProject(project.myRole) && active && (
          <Button variant="contained" startIcon={<PersonAddIcon />} onClick={() => setAdding(true)}>
            {translate('app.task.members.add')}
          </Button>
        )}
      </Box>
      <Table>
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.task.members.name')}</TableCell>
            <TableCell>{translate('app.task.members.role')}</TableCell>
            <TableCell>{translate('app.task.members.joined_at')}</TableCell>
            <TableCell align="right">{translate('app.list.operation')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.userId} data-testid="member-row" data-name={member.name}>
              <TableCell>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <PersonAvatar id={member.userId} name={member.name} />
                  {member.name}
                </Box>
              </TableCell>
              <TableCell>
                {project.myRole === 'owner' && member.role !== 'owner' && active ? (
                  <Select
                    size="small"
                    variant="standard"
                    value={member.role}
                    // the column's title names the select in the row
                    SelectDisplayProps={{ 'aria-label': `${translate('app.task.members.role')} · ${member.name}` }}
                    disabled={saving}
                    onChange={(event) =>
                      change(
                        'updateProjectUser',
                        { userId: member.userId, role: event.target.value },
                        'app.task.members.role_changed',
                        {
                          name: member.name,
                        },
                      )
                    }
                    inputProps={{ 'aria-label': translate('app.team_user.role_of', { name: member.name }) }}
                    sx={{ minWidth: 96, fontSize: 14 }}
                  >
                    {(['administrator', 'member'] as const).map((role) => (
                      <MenuItem key={role} value={role}>
                        {translate(`app.team.roles.${role}`)}
                      </MenuItem>
                    ))}
                  </Select>
                ) : (
                  member.role && <RoleChip role={member.role} />
                )}
              </TableCell>
              <TableCell>{formatMinute(member.joinedAt)}</TableCell>
              <TableCell align="right">
                {active && member.userId !== Number(user?.userId) && mayRemove(project.myRole, member.role) && (
                  <Button
                    size="small"
                    color="error"
                    startIcon={<PersonRemoveIcon />}
                    onClick={() => setRemoving(member)}
                  >
                    {translate('app.team_user.remove')}
                  </Button>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <AddMembersDialog project={project} members={members} open={adding} onClose={() => setAdding(false)} />
      <Confirm
        isOpen={Boolean(removing)}
        loading={saving}
        title="app.task.members.remove_title"
        content="app.task.members.remove_content"
        contentTranslateOptions={{ name: removing?.name ?? '' }}
        confirmColor="warning"
        onConfirm={() =>
          removing && change('deleteOtherProjectUser', { userId: removing.userId }, 'app.task.members.removed')
        }
        onClose={() => setRemoving(null)}
      />
    </Paper>
  );
};

export default ProjectMembersPage;
