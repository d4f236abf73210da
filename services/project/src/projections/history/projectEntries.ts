import { parseStreamId, type ReadStore, type Recorded } from '@pmbok/infra';
import type { FieldChange, ProjectEvent } from '../../domain/project/project.js';
import { record } from './model.js';
import { fieldEntry, projectFieldLabel, projectFieldsText, roleText, settingLabel } from './texts.js';

type On<K extends ProjectEvent['type']> = Recorded<ProjectEvent & { type: K }>;
const projectOf = (event: { metadata: { streamId: string } }) => parseStreamId(event.metadata.streamId, 'project');

const settingFields = (path: string, what: string, changes: FieldChange[]) =>
  changes.map((c) => fieldEntry(`${path}.${c.field}`, settingLabel(what, c.field), c.before, c.after));

/** The project's own changes: its fields, members and settings (stars are no change of the project). */
export const projectHandlers = {
  ProjectCreated: (event: On<'ProjectCreated'>, store: ReadStore) =>
    record(store, event, {
      projectId: event.data.projectId,
      base: 'project-created',
      name: event.data.name,
      summary: `创建了项目 ${event.data.name}`,
    }),
  ProjectUpdated: (event: On<'ProjectUpdated'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'project-updated',
      summary: `修改了项目的 ${projectFieldsText(event.data.changes.map((c) => c.field))}`,
      fields: event.data.changes.map((c) => fieldEntry(c.field, projectFieldLabel(c.field), c.before, c.after)),
    }),
  ProjectMemberAdded: (event: On<'ProjectMemberAdded'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'member-added',
      memberId: event.data.userId,
      summary: `添加了成员 {member}（${roleText(event.data.role)}）`,
      fields: [fieldEntry(`members.${event.data.userId}`, '成员', undefined, event.data.role)],
    }),
  ProjectMemberRoleChanged: (event: On<'ProjectMemberRoleChanged'>, store: ReadStore) => {
    const change = event.data.changes.find((c) => c.field === 'role');
    return record(store, event, {
      projectId: projectOf(event),
      base: 'member-role-changed',
      memberId: event.data.userId,
      summary: `把成员 {member} 的角色改为 ${roleText(event.data.role)}`,
      fields: [fieldEntry(`members.${event.data.userId}.role`, '角色', change?.before, event.data.role)],
    });
  },
  ProjectMemberRemoved: (event: On<'ProjectMemberRemoved'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'member-removed',
      memberId: event.data.userId,
      summary: event.data.reason === 'removed' ? '移除了成员 {member}' : '成员 {member} 退出了项目',
      fields: [fieldEntry(`members.${event.data.userId}`, '成员', event.data.role, undefined)],
    }),
  EnvironmentAdded: (event: On<'EnvironmentAdded'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      name: event.data.name,
      summary: `新增了环境 ${event.data.name}`,
      fields: [fieldEntry(`environments.${event.data.projectConfigId}`, '环境', undefined, event.data.name)],
    }),
  EnvironmentUpdated: (event: On<'EnvironmentUpdated'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      summary: '修改了环境',
      fields: settingFields(`environments.${event.data.projectConfigId}`, '环境', event.data.changes),
    }),
  EnvironmentRemoved: (event: On<'EnvironmentRemoved'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      name: event.data.name,
      summary: `删除了环境 ${event.data.name}`,
      fields: [fieldEntry(`environments.${event.data.projectConfigId}`, '环境', event.data.name, undefined)],
    }),
  ResponseCodeAdded: (event: On<'ResponseCodeAdded'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      summary: `新增了响应码 ${event.data.code}`,
      fields: [fieldEntry(`responseCodes.${event.data.responseCodeId}`, '响应码', undefined, event.data.code)],
    }),
  ResponseCodeUpdated: (event: On<'ResponseCodeUpdated'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      summary: '修改了响应码',
      fields: settingFields(`responseCodes.${event.data.responseCodeId}`, '响应码', event.data.changes),
    }),
  ResponseCodeRemoved: (event: On<'ResponseCodeRemoved'>, store: ReadStore) =>
    record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      summary: `删除了响应码 ${event.data.code}`,
      fields: [fieldEntry(`responseCodes.${event.data.responseCodeId}`, '响应码', event.data.code, undefined)],
    }),
  ScriptSaved: (event: On<'ScriptSaved'>, store: ReadStore) => {
    const what = event.data.kind === 'before' ? '前置脚本' : '后置脚本';
    return record(store, event, {
      projectId: projectOf(event),
      base: 'settings-changed',
      summary: `修改了${what}`,
      fields: settingFields(`scripts.${event.data.kind}`, what, event.data.changes),
    });
  },
};
