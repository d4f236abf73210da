import type { ResourceProps } from 'react-admin';
import { memberName, type TeamMember } from '../teams/teamApi';

/**
 * The `teamUsers` resource (the gateway's /pmbok/admin/teamUsers). Its screen is the route table's /team/teamUser
 * (SPEC §2.2), so the resource registers no routes of its own.
 */
export const teamUsers: ResourceProps = {
  name: 'teamUsers',
  recordRepresentation: (record: TeamMember) => memberName(record),
};
