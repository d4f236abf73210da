import { type DomainEvent, parseStreamId, type ReadStore, type Recorded } from '@pmbok/infra';
import type { ImportScheduleEvent } from '../../domain/importSchedule/importSchedule.js';
import type { ShareEvent } from '../../domain/share/share.js';
import type { VersionEvent } from '../../domain/version/version.js';
import { historyNames, record } from './model.js';
import { fieldEntry, settingLabel } from './texts.js';

type Of<E extends DomainEvent, K extends E['type']> = Recorded<E & { type: K }>;

/** Versions, share links and scheduled imports of a project: what the publishing screens changed. */
export const publishingHandlers = {
  ProjectVersionSaved: async (event: Of<VersionEvent, 'ProjectVersionSaved'>, store: ReadStore) => {
    const { versionId, projectId, name, notes, auto } = event.data;
    await historyNames(store).put({ _id: `version-${versionId}`, name });
    // An automatic version follows each save, whose own entry already says it.
    if (auto) return;
    await record(store, event, {
      projectId,
      base: 'version-saved',
      name,
      summary: `保存了版本 ${name}`,
      fields: [
        fieldEntry('version', '版本', undefined, name),
        ...(notes ? [fieldEntry('notes', '说明', undefined, notes)] : []),
      ],
    });
  },
  ProjectVersionDeleted: async (event: Of<VersionEvent, 'ProjectVersionDeleted'>, store: ReadStore) => {
    const projectId = parseStreamId(event.metadata.streamId, 'projectVersions');
    await record(store, event, {
      projectId,
      base: 'version-deleted',
      name: event.data.name,
      summary: `删除了版本 ${event.data.name}`,
    });
  },
  ShareCreated: async (event: Of<ShareEvent, 'ShareCreated'>, store: ReadStore) => {
    // Never the password's hash nor the signing key: only what the share screen shows.
    const { shareId, projectId, name } = event.data;
    await historyNames(store).put({ _id: `share-${shareId}`, name });
    await record(store, event, {
      projectId,
      base: 'share-created',
      name,
      summary: `创建了分享链接 ${name || shareId}`,
    });
  },
  ShareRevoked: async (event: Of<ShareEvent, 'ShareRevoked'>, store: ReadStore) => {
    const { shareId, projectId } = event.data;
    const name = (await historyNames(store).findOne({ _id: `share-${shareId}` }))?.name ?? '';
    await record(store, event, {
      projectId,
      base: 'share-revoked',
      name,
      summary: `撤销了分享链接 ${name || shareId}`,
    });
  },
  ImportScheduleSaved: async (event: Of<ImportScheduleEvent, 'ImportScheduleSaved'>, store: ReadStore) => {
    const { scheduleId, projectId, url, created, changes } = event.data;
    await historyNames(store).put({ _id: `schedule-${scheduleId}`, name: url });
    const at = `importSchedules.${scheduleId}`;
    await record(store, event, {
      projectId,
      base: 'settings-changed',
      name: url,
      summary: `${created ? '新增' : '修改'}了定时导入 ${url}`,
      fields: created
        ? [fieldEntry(at, '定时导入', undefined, url)]
        : changes.map((c) => fieldEntry(`${at}.${c.field}`, settingLabel('定时导入', c.field), c.before, c.after)),
    });
  },
  ImportScheduleDeleted: async (event: Of<ImportScheduleEvent, 'ImportScheduleDeleted'>, store: ReadStore) => {
    const { scheduleId, projectId } = event.data;
    const url = (await historyNames(store).findOne({ _id: `schedule-${scheduleId}` }))?.name ?? '';
    await record(store, event, {
      projectId,
      base: 'settings-changed',
      name: url,
      summary: `删除了定时导入 ${url}`,
      fields: [fieldEntry(`importSchedules.${scheduleId}`, '定时导入', url, undefined)],
    });
  },
  // A run's import writes its own entries under the run's change id; this one tells how the run ended.
  ImportRan: async (event: Of<ImportScheduleEvent, 'ImportRan'>, store: ReadStore) => {
    const { scheduleId, projectId, status, message } = event.data;
    const url = (await historyNames(store).findOne({ _id: `schedule-${scheduleId}` }))?.name ?? '';
    await record(store, event, {
      projectId: projectId || parseStreamId(event.metadata.streamId, 'projectImportSchedules'),
      base: 'imported',
      name: url,
      summary: `定时导入${status === 'ok' ? '完成' : '失败'}：${message || url}`,
    });
  },
};
