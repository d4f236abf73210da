import { type PublishedEvent, parseStreamId, publishedBy, type Recorded, reaction, teamMembers } from '@pmbok/infra';
import type { TeamEvents } from '@pmbok/team-service/events';
import { nameArg, type RecipientDraft } from '../../application/notifications/record.js';
import type { NotificationKind } from '../../domain/activity.js';
import type { ActivityPhrase, PhraseArgs } from '../../domain/phrases.js';
import { users } from '../../projections/users/index.js';
import { links, workTeams } from '../../projections/work/index.js';
import { type ActivityContext, actorOf, asOf, isRecent, record } from './context.js';

type TeamEvent = Recorded<PublishedEvent<TeamEvents>>;

async function teamActivities(context: ActivityContext, event: TeamEvent) {
  const { readStore } = context.runtime;
  const teamId = parseStreamId(event.metadata.streamId, 'team');
  const [roster, named] = await Promise.all([
    teamMembers(readStore).findOne({ _id: String(teamId) }),
    workTeams(readStore).findOne({ _id: String(teamId) }),
  ]);
  if (!roster) return;
  const team = named?.name ?? '';
  const managers = roster.members.filter((m) => m.role !== 'member').map((m) => m.userId);
  let actorId = actorOf(event);
  const actor = () => nameArg(context.work, actorId);
  const name = (userId: number) => nameArg(context.work, userId);
  const tell = (kind: NotificationKind, phrase: ActivityPhrase, args: PhraseArgs, recipients: RecipientDraft[]) =>
    record(context, {
      sourceEventId: event.metadata.eventId,
      kind,
      teamId,
      projectId: 0,
      projectKind: '',
      projectName: '',
      actorId,
      phrase,
      args: { ...args, team },
      summary: '',
      link: links.team(),
      targetKind: 'team',
      targetId: teamId,
      at: event.metadata.at,
      recipients,
    });
  const toAll = (userIds: number[]) => userIds.map((userId) => ({ userId }));

  switch (event.type) {
    case 'TelephoneInvited': {
      // The account that has the telephone now, if any: the invitation waits for it on the team page.
      const invitee = await users(readStore).findOne({ telephone: event.data.telephone, closed: false });
      actorId = event.data.inviterId || actorId;
      await tell('team.invited', 'team.invited', { actor: await actor() }, [
        ...(invitee ? [{ userId: invitee.userId, phrase: 'team.invited.you' as const, accountWide: true }] : []),
      ]);
      return;
    }
    case 'MemberJoined': {
      if (event.data.via === 'created') return;
      actorId = event.data.userId;
      await tell('team.joined', 'team.joined', { actor: await actor() }, toAll(managers));
      return;
    }
    case 'MemberLeft': {
      actorId = event.data.userId;
      await tell('team.left', 'team.left', { actor: await actor() }, toAll(managers));
      return;
    }
    case 'MemberRemoved': {
      const args = { actor: await actor(), other: await name(event.data.userId) };
      await tell('team.left', 'team.removed', args, [
        { userId: event.data.userId, phrase: 'team.removed.you', args: { actor: args.actor, team }, accountWide: true },
        ...toAll(managers),
      ]);
      return;
    }
    case 'MemberRoleChanged': {
      // The role's code: each reader words it (管理员, administrator).
      const { role } = event.data;
      const args = { actor: await actor(), other: await name(event.data.userId), role };
      await tell('team.role', 'team.role', args, [
        { userId: event.data.userId, phrase: 'team.role.you', args: { actor: args.actor, team, role } },
      ]);
      return;
    }
    case 'OwnershipTransferred': {
      const { from, to } = event.data;
      const args = { actor: await name(from), other: await name(to) };
      await tell('team.owner', 'team.owner', args, [
        { userId: to, phrase: 'team.owner.you', args: { actor: args.actor, team } },
        { userId: from, phrase: 'team.owner.by_you', args: { other: args.other, team } },
        ...toAll(managers),
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
