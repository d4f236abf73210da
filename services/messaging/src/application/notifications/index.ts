import { type Caller, forbidden, invalid, teamMembers } from '@pmbok/infra';
import { NOTIFICATION_GROUPS, NOTIFICATION_KINDS } from '../../domain/activity.js';
import { inboxDecider, inboxStreamId } from '../../domain/inbox.js';
import { defaultSettings, preferencesDecider, preferencesStreamId } from '../../domain/preferences.js';
import { notificationSettings, notifications } from '../../projections/notifications/index.js';
import { notificationView } from '../../reactions/pushes.js';
import type { MessagingPartDeps } from '../deps.js';
import { createFollows } from './follows.js';

export const notificationMessages = {
  noTeam: '请先选择团队',
  notTeamMember: '你不是该团队的成员',
  unknownGroup: '未知的通知分组',
} as const;

/** The inbox of a user in a team: its own notifications and the account-wide ones (teamId 0). */
export const inboxFilter = (userId: number, teamId: number) => ({ userId, teamId: { $in: [teamId, 0] } });

/** Unread notifications of a user in a team (for the badge). */
export async function unreadNotifications(deps: Pick<MessagingPartDeps, 'runtime'>, userId: number, teamId: number) {
  return notifications(deps.runtime.readStore).count({ ...inboxFilter(userId, teamId), read: false });
}

function paging(page: number, pageSize: number) {
  const size = Math.min(Math.max(Math.trunc(pageSize) || 20, 1), 100);
  const current = Math.max(Math.trunc(page) || 1, 1);
  return { page: current, pageSize: size, skip: (current - 1) * size };
}

/** The caller's current team, which they must belong to (a team joined a moment ago may still be on the bus). */
export function teamOfCaller(deps: Pick<MessagingPartDeps, 'runtime' | 'work' | 'logger'>) {
  const isMember = async (teamId: number, userId: number) =>
    ((await teamMembers(deps.runtime.readStore).findOne({ _id: String(teamId) }))?.members ?? []).some(
      (m) => m.userId === userId,
    );
  return async (caller: Caller): Promise<number> => {
    if (!caller.teamId) throw invalid(notificationMessages.noTeam);
    if (await isMember(caller.teamId, caller.userId)) return caller.teamId;
    await deps.work.caughtUp(2_000).catch((error) => deps.logger.warn({ err: error }, 'work did not catch up'));
    if (await isMember(caller.teamId, caller.userId)) return caller.teamId;
    throw forbidden(notificationMessages.notTeamMember);
  };
}

/** The notifications use cases (docs/api/messaging.md): the inbox, read marks, the badge, preferences, follows. */
export function createNotifications(deps: MessagingPartDeps) {
  const { readStore } = deps.runtime;
  const { runCommand, unread } = deps;
  const currentTeam = teamOfCaller(deps);

  async function settingsOf(userId: number) {
    const doc = await notificationSettings(readStore).findOne({ _id: String(userId) });
    return doc ? { mutedKinds: doc.mutedKinds, quiet: doc.quiet } : defaultSettings();
  }

  return {
    async list(
      query: { page: number; pageSize: number; group: string; projectId: number; unreadOnly: boolean },
      caller: Caller,
    ) {
      const teamId = await currentTeam(caller);
      const group = query.group.trim();
      if (group && !(NOTIFICATION_GROUPS as readonly string[]).includes(group)) {
        throw invalid(notificationMessages.unknownGroup);
      }
      const filter = {
        ...inboxFilter(caller.userId, teamId),
        ...(group ? { group } : {}),
        ...(query.projectId > 0 ? { projectId: query.projectId } : {}),
        ...(query.unreadOnly ? { read: false } : {}),
      };
      const { page, pageSize, skip } = paging(query.page, query.pageSize);
      const [total, docs, badge] = await Promise.all([
        notifications(readStore).count(filter),
        notifications(readStore).find(filter, { sort: { position: -1, notificationId: -1 }, skip, limit: pageSize }),
        unread.count(caller.userId, teamId),
      ]);
      return { notifications: docs.map(notificationView), total, page, pageSize, unreadCount: badge.unReadCount };
    },

    /** Marks some (only the caller's own, unread ones count) or all of the caller's notifications read. */
    async read(request: { notificationIds: number[]; all: boolean }, caller: Caller) {
      const teamId = await currentTeam(caller);
      const { userId } = caller;
      const stream = inboxStreamId(userId, teamId);
      if (request.all) {
        const [latest] = await notifications(readStore).find(inboxFilter(userId, teamId), {
          sort: { position: -1 },
          limit: 1,
        });
        const upToPosition = latest?.position ?? 0;
        await runCommand(stream, inboxDecider, { type: 'MarkAllRead', data: { userId, teamId, upToPosition } }, caller);
      } else {
        const ids = [...new Set(request.notificationIds)].slice(0, 1000);
        const unreadOnes = await notifications(readStore).find({
          ...inboxFilter(userId, teamId),
          notificationId: { $in: ids },
          read: false,
        });
        const notificationIds = unreadOnes.map((doc) => doc.notificationId);
        await runCommand(stream, inboxDecider, { type: 'MarkRead', data: { userId, teamId, notificationIds } }, caller);
      }
      await unread.push(userId, teamId).catch((error) => deps.logger.warn({ err: error }, 'badge push not sent'));
      return { unreadCount: (await unread.count(userId, teamId)).unReadCount };
    },

    async unread(caller: Caller) {
      const teamId = await currentTeam(caller);
      const { unReadCount, notifications: inbox, conversations } = await unread.count(caller.userId, teamId);
      return { unreadCount: unReadCount, notifications: inbox, conversations };
    },

    async settings(caller: Caller) {
      await currentTeam(caller);
      return settingsOf(caller.userId);
    },

    async saveSettings(settings: { mutedKinds: string[]; quiet: boolean }, caller: Caller) {
      await currentTeam(caller);
      const { userId } = caller;
      await runCommand(
        preferencesStreamId(userId),
        preferencesDecider,
        { type: 'SaveNotificationSettings', data: { userId, mutedKinds: settings.mutedKinds, quiet: settings.quiet } },
        caller,
      );
      return settingsOf(userId);
    },

    ...createFollows(deps, currentTeam),
  };
}

export type NotificationsUseCases = ReturnType<typeof createNotifications>;

/** Every kind with its group, for the preferences screen. */
export const notificationKinds = () => Object.entries(NOTIFICATION_KINDS).map(([kind, group]) => ({ kind, group }));
