import { type PublishedEvent, parseStreamId, publishedBy, type Recorded, reaction, teamMembers } from '@pmbok/infra';
import type { TeamEvents } from '@pmbok/team-service/events';
import { nameIn } from '../../application/notifications/record.js';
import type { NotificationKind } from '../../domain/activity.js';
import { users } from '../../projections/users/index.js';
import { links, workTeams } from '../../projections/work/index.js';
import { type ActivityContext, actorOf, asOf, isRecent, record } from './context.js';

type TeamEvent = Recorded<PublishedEvent<TeamEvents>>;
const ROLE_NAMES: Record<string, string> = { owner: '所有者', administrator: '管理员', member: '成员' };

async function teamActivities(context: ActivityContext, event: TeamEvent) {
  const { readStore } = context.runtime;
  const teamId = parseStreamId(event.metadata.streamId, 'team');
  const [roster, named] = await Promise.all([
    teamMembers(readStore).findOne({ _id: String(teamId) }),
    workTeams(readStore).findOne({ _id: String(teamId) }),
  ]);
  if (!roster) return;
  const team = `「${named?.name ?? ''}」`;
  const managers = roster.members.filter((m) => m.role !== 'member').map((m) => m.userId);
  let actorId = actorOf(event);
  const actor = () => nameIn(context.work, actorId);
  const name = (userId: number) => nameIn(context.work, userId);
  const tell = (
    kind: NotificationKind,
    title: string,
    recipients: { userId: number; title: string; accountWide?: boolean }[],
  ) =>
    record(context, {
      sourceEventId: event.metadata.eventId,
      kind,
      teamId,
      projectId: 0,
      projectKind: '',
      projectName: '',
      actorId,
      title,
      summary: '',
      link: links.team(),
      targetKind: 'team',
      targetId: teamId,
      at: event.metadata.at,
      recipients,
    });
  const toAll = (userIds: number[], title: string) => userIds.map((userId) => ({ userId, title }));

  switch (event.type) {
    case 'TelephoneInvited': {
      // The account that has the telephone now, if any: the invitation waits for it on the team page.
      const invitee = await users(readStore).findOne({ telephone: event.data.telephone, closed: false });
      actorId = event.data.inviterId || actorId;
      const title = `${await actor()} 邀请你加入团队${team}`;
      await tell('team.invited', `${await actor()} 邀请了一位新成员加入团队${team}`, [
        ...(invitee ? [{ userId: invitee.userId, title, accountWide: true }] : []),
      ]);
      return;
    }
    case 'MemberJoined': {
      if (event.data.via === 'created') return;
      actorId = event.data.userId;
      const title = `${await actor()} 加入了团队${team}`;
      await tell('team.joined', title, toAll(managers, title));
      return;
    }
    case 'MemberLeft': {
      actorId = event.data.userId;
      const title = `${await actor()} 退出了团队${team}`;
      await tell('team.left', title, toAll(managers, title));
      return;
    }
    case 'MemberRemoved': {
      const title = `${await actor()} 把${await name(event.data.userId)}移出了团队${team}`;
      await tell('team.left', title, [
        { userId: event.data.userId, title: `${await actor()} 把你移出了团队${team}`, accountWide: true },
        ...toAll(managers, title),
      ]);
      return;
    }
    case 'MemberRoleChanged': {
      const role = ROLE_NAMES[event.data.role] ?? event.data.role;
      const title = `${await actor()} 把${await name(event.data.userId)}在团队${team}的角色改为${role}`;
      await tell('team.role', title, [
        { userId: event.data.userId, title: `${await actor()} 把你在团队${team}的角色改为${role}` },
      ]);
      return;
    }
    case 'OwnershipTransferred': {
      const { from, to } = event.data;
      const title = `${await name(from)} 把团队${team}转让给了${await name(to)}`;
      await tell('team.owner', title, [
        { userId: to, title: `${await name(from)} 把团队${team}转让给你` },
        { userId: from, title: `你把团队${team}转让给了${await name(to)}` },
        ...toAll(managers, title),
      ]);
      return;
    }
  }
}

const HANDLED = new Set([
  'TelephoneInvited',
  'MemberJoined',
  'MemberLeft',
  'MemberRemoved',
  'MemberRoleChanged',
  'OwnershipTransferred',
]);

/** One team topic event, as the reaction handles it (exported for tests). */
export async function onTeamEvent(context: ActivityContext, event: TeamEvent) {
  if (!HANDLED.has(event.type) || !isRecent(context, event)) return;
  await asOf(context, context.feeds.team, event);
  await teamActivities(context, event);
}

/** Activities from the team topic: invitations, joins, departures, roles, ownership. */
export function teamActivityReaction(context: ActivityContext) {
  return reaction({
    name: 'messaging-activities-team',
    source: publishedBy<TeamEvents>('team'),
    each: (event) => onTeamEvent(context, event),
  });
}
