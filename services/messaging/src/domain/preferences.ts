import { type Decider, invalid } from '@pmbok/infra';
import { isNotificationKind, type NotificationKind } from './activity.js';

/**
 * A user's notification preferences, for every team (stream `notificationSettings-<userId>`): muted kinds are not
 * recorded for them; quiet mode records the rest as read except the personal kinds (docs/api/messaging.md).
 */
export interface NotificationSettings {
  mutedKinds: NotificationKind[];
  quiet: boolean;
}

export type NotificationSettingsSaved = {
  type: 'NotificationSettingsSaved';
  data: NotificationSettings & { userId: number };
};
export type SaveNotificationSettings = {
  type: 'SaveNotificationSettings';
  data: { userId: number; mutedKinds: string[]; quiet: boolean };
};

export const preferencesStreamId = (userId: number) => `notificationSettings-${userId}`;
export const defaultSettings = (): NotificationSettings => ({ mutedKinds: [], quiet: false });

export const settingsMessages = { unknownKind: '未知的通知类型' } as const;

export const preferencesDecider: Decider<NotificationSettings, SaveNotificationSettings, NotificationSettingsSaved> = {
  initialState: defaultSettings,
  evolve: (_state, event) => ({ mutedKinds: event.data.mutedKinds, quiet: event.data.quiet }),
  decide(command, state) {
    const { userId, quiet } = command.data;
    for (const kind of command.data.mutedKinds)
      if (!isNotificationKind(kind)) throw invalid(settingsMessages.unknownKind);
    const mutedKinds = [...new Set(command.data.mutedKinds as NotificationKind[])].sort();
    const same = state.quiet === quiet && state.mutedKinds.join() === mutedKinds.join();
    return same ? [] : [{ type: 'NotificationSettingsSaved', data: { userId, mutedKinds, quiet } }];
  },
};
