import { sha256 } from '@pmbok/infra';
import type { PublishedContent } from '@pmbok/project-service/events';

/** The top-level parts of a document as a notification names them (docs/api/messaging.md, `doc.changed`). */
const PARTS: [keyof PublishedContent, string][] = [
  ['method', '请求方法'],
  ['path', '路径'],
  ['parameters', '请求参数'],
  ['requestBody', '请求体'],
  ['responses', '响应'],
  ['description', '说明'],
  ['status', '状态'],
  ['tags', '标签'],
  ['operationId', '操作ID'],
  ['deprecated', '是否废弃'],
  ['markdown', '内容'],
  ['schema', '数据结构'],
];

export const NAME_PART = '名称';

/** Every part name a `doc.changed` or `doc.renamed` activity may list (the console words each in English). */
export const PART_NAMES: readonly string[] = [...PARTS.map(([, label]) => label), NAME_PART];

/** A short hash of each part present: what the service keeps of a document to tell what the next save changed. */
export function contentParts(content: PublishedContent): Record<string, string> {
  const parts: Record<string, string> = {};
  for (const [key, label] of PARTS) {
    const value = content[key];
    if (value !== undefined) parts[label] = sha256(JSON.stringify(value)).slice(0, 16);
  }
  return parts;
}

/** The parts that differ between two saves, in the order above (a part added or removed counts as changed). */
export function changedParts(before: Record<string, string>, after: Record<string, string>): string[] {
  return PARTS.map(([, label]) => label).filter((label) => before[label] !== after[label]);
}
