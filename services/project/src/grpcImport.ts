import { gunzipSync, gzipSync } from 'node:zlib';
import { invalid, type ServiceContext, signedInCaller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import type { ProjectContext } from './application/context.js';
import { createExporting } from './application/exporting.js';
import { createImporting, IMPORT_MAX_BYTES, importMessages } from './application/importing.js';
import { createImportSchedules, startImportScheduler } from './application/importSchedules.js';
import type { ProjectUseCases } from './application/index.js';
import { projectAtOf } from './application/projectAt.js';
import { createTreeReads } from './application/treeReads.js';
import { createServiceUseCases } from './grpcDocs.js';
import type { PublishingDeps } from './grpcPublishing.js';
import { allowedNetworksOf, fetchImportSource } from './interchange/fetchGuard.js';
import { createParsePool, type ParsePool } from './interchange/worker.js';

/** The rpcs this file implements (docs/api/publishing.md); grpc.ts leaves them to grpcPublishing.ts. */
export type ImportCallName =
  | 'importPreview'
  | 'import'
  | 'listImportSchedules'
  | 'saveImportSchedule'
  | 'deleteImportSchedule'
  | 'exportProject';

type ImportRequest = Parameters<projectv1.ProjectServiceImplementation['import']>[0];

/** An exported file, compressed, with room left for the rest of the answer under the 8 MB message limit. */
const EXPORT_MAX_GZIP_BYTES = 7 * 1024 * 1024;

/** One parse pool per process: the calls and the schedule timer share its threads. */
let sharedPool: ParsePool | undefined;
const parsePool = () => {
  sharedPool ??= createParsePool({ size: 2 });
  return sharedPool;
};

/**
 * The import and export use cases on the service's context. `PMBOK_IMPORT_ALLOWED_NETWORKS` (comma-separated
 * CIDRs) lets an installation import from its own intranet; by default only public addresses are fetched.
 */
export function importUseCasesOf(context: ProjectContext, projectUseCases: ProjectUseCases) {
  const reads = createTreeReads(context.readStore);
  const allowedNetworks = allowedNetworksOf(process.env.PMBOK_IMPORT_ALLOWED_NETWORKS);
  const importing = createImporting(context, projectUseCases, {
    reads,
    parse: (text, options) => parsePool().parse(text, options),
    fetch: (url) => fetchImportSource(url, { allowedNetworks }),
  });
  const exporting = createExporting(context, {
    reads,
    at: projectAtOf(context),
    export: (source, format) => parsePool().export(source, format),
  });
  return { importing, exporting, schedules: createImportSchedules(context) };
}

/** The timer of scheduled re-imports, started with the service's reactions (their commands do not wait). */
export function startImportTimer(service: ServiceContext) {
  const { context, projectUseCases } = createServiceUseCases(service);
  const { importing } = importUseCasesOf(context, projectUseCases);
  const tickMs = Number(process.env.PMBOK_IMPORT_SCHEDULE_TICK_MS) || undefined;
  const scheduler = startImportScheduler(context, importing, { logger: service.logger, tickMs });
  return { scheduler, stops: [() => scheduler.stop()] };
}

/** The source's text: gzip on the wire (a 20 MB file is over the gRPC message limit), checked before inflating. */
function sourceOf(source: ImportRequest['source']) {
  let text = '';
  if (source?.contentGzip?.length) {
    try {
      text = gunzipSync(source.contentGzip, { maxOutputLength: IMPORT_MAX_BYTES + 1 }).toString('utf8');
    } catch (error) {
      throw invalid(
        (error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? importMessages.tooLarge : '导入文件压缩格式错误',
      );
    }
  }
  return { text, fileName: source?.fileName ?? '', url: source?.url ?? '', format: source?.format || 'auto' };
}

export function importCalls({
  context,
  projectUseCases,
}: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, ImportCallName> {
  const { importing, exporting, schedules } = importUseCasesOf(context, projectUseCases);
  const who = signedInCaller;
  return {
    importPreview: (r, c) => importing.preview(r.projectId, sourceOf(r.source), who(c)),
    import: async (r, c) => {
      const options = { planHash: r.planHash || undefined, name: r.name || undefined };
      return importing.apply(r.projectId, sourceOf(r.source), options, who(c));
    },
    listImportSchedules: async (r, c) => ({ schedules: await schedules.list(r.projectId, who(c)) }),
    saveImportSchedule: (r, c) =>
      schedules.save(
        r.projectId,
        r.scheduleId,
        { url: r.url, format: r.format, intervalMinutes: r.intervalMinutes, enabled: r.enabled },
        who(c),
      ),
    deleteImportSchedule: async (r, c) => {
      await schedules.remove(r.projectId, r.scheduleId, who(c));
      return {};
    },
    exportProject: async (r, c) => {
      const input = { format: r.format, nodeIds: r.nodeIds, versionId: r.versionId };
      const file = await exporting.exportProject(r.projectId, input, who(c));
      const contentGzip = gzipSync(file.text);
      // The answer must fit the gRPC message limit (8 MB); past it the caller gets the reason and a way out.
      if (contentGzip.length > EXPORT_MAX_GZIP_BYTES) throw invalid('导出文件过大，请选择部分目录分别导出');
      return { fileName: file.fileName, mediaType: file.mediaType, contentGzip };
    },
  };
}
