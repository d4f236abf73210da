import { gunzipSync, gzipSync } from 'node:zlib';
import { type Static, Type } from '@sinclair/typebox';
import { ApiError } from '../../plugins/api.js';
import { id, integer, integersUpTo, optionalId, optionalText, text } from '../../schemas/fields.js';
import * as publishing from '../../schemas/publishing.js';
import { Nothing } from '../../schemas/wire.js';
import { flag, flagOf, inProject, jsonField, knowledgeCall, ok, optionalName, projectId } from './project-common.js';

/** docs/api/publishing.md: at most 20 MB of source text. */
const MAX_SOURCE_BYTES = 20 * 1024 * 1024;
/**
 * A 20 MB file as a form field: percent-encoding takes up to three bytes per byte of Chinese or symbols (a JSON
 * body less), plus the other fields.
 */
const IMPORT_BODY = 64 * 1024 * 1024;
/** A 20,000-node selection of ids is some 340 KB of JSON. */
const EXPORT_BODY = 1024 * 1024;
const MAX_EXPORT_NODES = 20_000;
/**
 * Parsing 20 MB, fetching a URL (10 s) and writing thousands of documents take longer than the usual deadline of
 * a call; the console waits two minutes for these calls too.
 */
const LONG_CALL_MS = 110_000;

const namesOf = (schema: unknown) => (schema as { enum: string[] }).enum;
const importFormats = ['auto', ...namesOf(publishing.ImportFormat)];
const exportFormats = namesOf(publishing.ExportFormat);
type Item = Static<typeof publishing.ImportItem>;

/** `projectId` 0 imports into a new project of the caller's team. */
const importTarget = { projectId: Type.String({ pattern: `^(?:0|${integersUpTo(Number.MAX_SAFE_INTEGER)})$` }) };
const sourceFields = {
  ...importTarget,
  format: optionalName(importFormats),
  content: Type.Optional(Type.String()),
  fileName: optionalText(255),
  url: optionalText(2000),
};

type SourceBody = { projectId: string; format?: string; content?: string; fileName?: string; url?: string };

/** The source as the service takes it: the text gzip-compressed (the gRPC message limit is 8 MB). */
function sourceOf(b: SourceBody) {
  const content = b.content ?? '';
  if (Buffer.byteLength(content) > MAX_SOURCE_BYTES) throw new ApiError(400, '导入文件不能超过 20 MB');
  return {
    contentGzip: content ? gzipSync(content) : Buffer.alloc(0),
    fileName: b.fileName ?? '',
    url: b.url ?? '',
    format: b.format || 'auto',
  };
}

/** `nodeIds`: JSON text of a list of node ids (folders take their subtree). */
function nodeIdsOf(value: string | undefined): number[] {
  if (!value) return [];
  const refused = () => new ApiError(400, '要导出的节点格式错误');
  const parsed = jsonField(value, '要导出的节点格式错误');
  if (!Array.isArray(parsed) || parsed.length > MAX_EXPORT_NODES) throw refused();
  return parsed.map((v: unknown) => {
    const n = typeof v === 'number' || (typeof v === 'string' && /^\d+$/.test(v)) ? Number(v) : Number.NaN;
    if (!Number.isSafeInteger(n) || n <= 0) throw refused();
    return n;
  });
}

const long = () => AbortSignal.timeout(LONG_CALL_MS);

/** Import and export, and scheduled re-imports (docs/api/publishing.md, "Import and export"). */
export function projectImportCalls() {
  const call = knowledgeCall('project');
  return [
    call(
      'importPreview',
      sourceFields,
      publishing.ImportPreview,
      async (b, c) => {
        const request = { projectId: Number(b.projectId), source: sourceOf(b) };
        const preview = await c.services.project.importPreview(request, { metadata: c.metadata, signal: long() });
        return {
          ...preview,
          format: preview.format as Static<typeof publishing.ImportFormat>,
          counts: preview.counts ?? { add: 0, change: 0, keep: 0 },
          items: preview.items.map((item) => ({
            ...item,
            kind: item.kind as Item['kind'],
            action: item.action as Item['action'],
          })),
        };
      },
      { bodyLimit: IMPORT_BODY },
    ),
    call(
      'import',
      { ...sourceFields, planHash: optionalText(128), name: optionalText(50) },
      publishing.ImportResult,
      async (b, c) => {
        const request = {
          projectId: Number(b.projectId),
          source: sourceOf(b),
          planHash: b.planHash ?? '',
          name: b.name ?? '',
        };
        const result = await c.services.project.import(request, { metadata: c.metadata, signal: long() });
        return { ...result, counts: result.counts ?? { add: 0, change: 0, keep: 0 } };
      },
      { bodyLimit: IMPORT_BODY },
    ),
    call('importSchedules', projectId, Type.Array(publishing.ImportSchedule), async (b, c) => {
      const { schedules } = await c.services.project.listImportSchedules(inProject(b), { metadata: c.metadata });
      return schedules;
    }),
    call(
      'saveImportSchedule',
      {
        ...projectId,
        scheduleId: optionalId,
        url: text(2000),
        format: optionalName(importFormats),
        intervalMinutes: integer(60, 10_080),
        enabled: flag,
      },
      Type.Object({ scheduleId: Type.Integer() }),
      (b, c) =>
        c.services.project.saveImportSchedule(
          {
            ...inProject(b),
            scheduleId: Number(b.scheduleId || 0),
            url: b.url,
            format: b.format || 'auto',
            intervalMinutes: Number(b.intervalMinutes),
            enabled: flagOf(b.enabled) ?? true,
          },
          { metadata: c.metadata },
        ),
    ),
    call('deleteImportSchedule', { ...projectId, scheduleId: id }, Nothing, (b, c) =>
      ok(
        c.services.project.deleteImportSchedule(
          { ...inProject(b), scheduleId: Number(b.scheduleId) },
          { metadata: c.metadata },
        ),
      ),
    ),
    call(
      'export',
      {
        ...projectId,
        format: Type.String({ pattern: `^(${exportFormats.join('|')})$` }),
        nodeIds: Type.Optional(Type.String({ maxLength: EXPORT_BODY })),
        versionId: optionalId,
      },
      publishing.ExportFile,
      async (b, c) => {
        const request = {
          ...inProject(b),
          format: b.format,
          nodeIds: nodeIdsOf(b.nodeIds),
          versionId: Number(b.versionId || 0),
        };
        const file = await c.services.project.exportProject(request, { metadata: c.metadata, signal: long() });
        return {
          fileName: file.fileName,
          mediaType: file.mediaType,
          content: gunzipSync(file.contentGzip).toString('utf8'),
        };
      },
      { bodyLimit: EXPORT_BODY + 64 * 1024 },
    ),
  ];
}
