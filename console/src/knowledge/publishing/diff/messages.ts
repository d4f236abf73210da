// The shared diff view's messages (app.knowledge.diff.*): what a comparison of versions and an entry of the history
// show about one document's fields, placed under `knowledge` in i18n/zh-CN.ts and i18n/en.ts.
const zh = {
  breaking: '破坏性变更',
  breaking_count: '%{smart_count} 处破坏性变更',
  breaking_docs: '%{smart_count} 篇文档有破坏性变更',
  change: { added: '新增', removed: '删除', changed: '修改' },
  kind: { api: '接口', page: '页面', schema: '数据模型', folder: '目录' },
  summary: '新增 %{added} · 删除 %{removed} · 修改 %{changed}',
  only_breaking: '只看破坏性变更',
  no_changes: '两个版本的文档完全相同',
  no_breaking: '没有破坏性变更',
  no_fields: '内容没有变化（名称或位置变了）',
  before: '修改前',
  after: '修改后',
  empty_value: '（无）',
  fields: '%{smart_count} 处字段变化',
  field_path: '位置：',
  docs: '文档变化',
  more: '显示更多（还有 %{smart_count} 篇）',
};

const en: typeof zh = {
  breaking: 'Breaking change',
  breaking_count: '%{smart_count} breaking change |||| %{smart_count} breaking changes',
  breaking_docs: '%{smart_count} document with breaking changes |||| %{smart_count} documents with breaking changes',
  change: { added: 'Added', removed: 'Removed', changed: 'Changed' },
  kind: { api: 'API', page: 'Page', schema: 'Schema model', folder: 'Folder' },
  summary: '%{added} added · %{removed} removed · %{changed} changed',
  only_breaking: 'Breaking changes only',
  no_changes: 'The documents are the same in both',
  no_breaking: 'No breaking changes',
  no_fields: 'The content is the same (the name or place changed)',
  before: 'Before',
  after: 'After',
  empty_value: '(none)',
  fields: '%{smart_count} field changed |||| %{smart_count} fields changed',
  field_path: 'Where: ',
  docs: 'Document changes',
  more: 'Show more (%{smart_count} left)',
};

export const diffMessagesZh = zh;
export const diffMessagesEn = en;
