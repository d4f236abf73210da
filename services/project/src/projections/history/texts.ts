import type { FieldDiff } from '../../domain/diff/index.js';
import { spaced } from '../../domain/diff/model.js';

/** How the history names things, in Chinese: kinds, actions by the change that wrote them, fields. */
export const KIND_LABEL: Record<string, string> = { folder: '目录', api: '接口', page: '文档', schema: '数据模型' };

/**
 * A change written by an import, a restore or a revert carries a correlation id that says so (the use cases that
 * write them choose it: `import-…`, `schedule-…`, `restore-…`, `revert-…`); its entries take that action. Field
 * comparison's fixes (`fields-…`) keep theirs (saves) and say where they came from.
 */
const MARKED: [RegExp, string, string][] = [
  [/^(?:import|schedule)-/, 'imported', '导入：'],
  [/^restore-/, 'restored', '恢复：'],
  [/^revert-/, 'reverted', '撤销：'],
  [/^fields-/, '', '字段标准修复：'],
];

export function markedAction(changeId: string, action: string, summary: string) {
  for (const [pattern, marked, prefix] of MARKED) {
    if (pattern.test(changeId)) return { action: marked || action, summary: spaced(prefix + summary) };
  }
  return { action, summary: spaced(summary) };
}

/** The top-level fields of a document, named as the editor names them. */
const DOC_FIELD_LABEL: Record<string, string> = {
  method: '请求方法',
  path: '路径',
  status: '状态',
  tags: '标签',
  ownerId: '负责人',
  description: '说明',
  operationId: 'operationId',
  deprecated: '废弃标记',
  parameters: '参数',
  requestBody: '请求体',
  responses: '响应',
  extra: '扩展字段',
  markdown: '内容',
  schema: '结构',
};
export const docFieldsText = (fields: string[]) => fields.map((f) => DOC_FIELD_LABEL[f] ?? f).join('、');

const PROJECT_FIELD_LABEL: Record<string, string> = {
  name: '名称',
  description: '描述',
  logo: '图标',
  poster: '封面',
  privateType: '可见范围',
  docPrivateType: '文档公开',
  versionUpdateType: '版本记录方式',
  isTemplate: '模板',
};
const VALUE_LABEL: Record<string, string> = {
  team: '团队可见',
  members: '仅成员可见',
  private: '不公开',
  public: '可公开',
  manual: '手动',
  auto: '自动',
  owner: '所有者',
  administrator: '管理员',
  editor: '编辑者',
  viewer: '查看者',
};
const valueText = (value: unknown) => {
  if (value === null || value === undefined || value === '') return '空';
  if (typeof value === 'boolean') return value ? '是' : '否';
  const text = String(value);
  return VALUE_LABEL[text] ?? (text.length > 40 ? `${text.slice(0, 40)}…` : text);
};
export const roleText = (role: unknown) => valueText(role);

/** A field change of the project, a setting or a node as the history shows it. */
export function fieldEntry(path: string, label: string, before: unknown, after: unknown): FieldDiff {
  const change = before === undefined ? 'added' : after === undefined ? 'removed' : 'changed';
  const message =
    change === 'added'
      ? `新增${label}：${valueText(after)}`
      : change === 'removed'
        ? `删除了${label}：${valueText(before)}`
        : `${label}由 ${valueText(before)} 改为 ${valueText(after)}`;
  return { path, change, before: before ?? null, after: after ?? null, breaking: false, message: spaced(message) };
}

export const projectFieldLabel = (field: string) => `项目${PROJECT_FIELD_LABEL[field] ?? field}`;
export const projectFieldsText = (fields: string[]) => fields.map((f) => PROJECT_FIELD_LABEL[f] ?? f).join('、');

const SETTING_LABEL: Record<string, string> = {
  name: '名称',
  baseUrl: '地址',
  variables: '变量',
  headers: '公共请求头',
  sort: '顺序',
  code: '响应码',
  meaning: '含义',
  solution: '解决办法',
  content: '内容',
};
export const settingLabel = (what: string, field: string) => `${what}的${SETTING_LABEL[field] ?? field}`;

/** A field of a field library, named as the library's screen names it. */
const DATA_FIELD_LABEL: Record<string, string> = {
  name: '字段名',
  aliases: '别名',
  type: '类型',
  format: '格式',
  description: '说明',
  example: '示例',
  enum: '枚举值',
  mockRule: 'Mock 规则',
};
export const dataFieldLabel = (field: string) => DATA_FIELD_LABEL[field] ?? field;
export const dataFieldsText = (fields: string[]) => fields.map(dataFieldLabel).join('、');
