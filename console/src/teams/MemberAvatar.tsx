import { Avatar } from '@mui/material';
import { memberName, type TeamMember } from './teamApi';

type Person = Pick<TeamMember, 'avatar' | 'nickname' | 'trueName'>;

/** The member's picture, or the first character of their name. */
export const MemberAvatar = ({ member, size = 28 }: { member: Person; size?: number }) => (
  <Avatar src={member.avatar || undefined} alt="" sx={{ width: size, height: size, fontSize: size * 0.45 }}>
    {[...memberName(member)][0]}
  </Avatar>
);
