import { PersonAvatar } from '../avatar/PersonAvatar';
import { memberName, type TeamMember } from './teamApi';

type Person = Pick<TeamMember, 'avatar' | 'nickname' | 'trueName'> & { userId?: number };

/** The member's picture, or their own colour and the end of their name (pass userId for a stable colour). */
export const MemberAvatar = ({ member, size = 28 }: { member: Person; size?: number }) => (
  <PersonAvatar id={member.userId} name={memberName(member)} src={member.avatar} size={size} />
);
