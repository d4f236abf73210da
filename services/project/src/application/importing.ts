import { randomUUID } from 'node:crypto';
import { appendContextOf, type Caller, handleCommand, invalid, nextNumericId } from '@pmbok/infra';
import { type DocCommand, docDecider, SaveConflictError } from '../domain/doc/businessLogic.js';
import { docStreamId } from '../domain/doc/doc.js';
import { treeDecider } from '../domain/tree/businessLogic.js';
import { treeStreamId } from '../domain/tree/tree.js';
import type { FetchedSource } from '../interchange/fetchGuard.js';
import type { ImportFormat, ImportPlan, InterchangeProblem } from '../interchange/model.js';
import { projectDocs } from '../projections/docs/index.js';
import { projectSettings } from '../projections/settings/index.js';
import type { ProjectContext } from './context.js';
import { type ExistingNode, folderKey, type ImportWrites, matchImport, planHashOf } from './importMatch.js';
import type { ProjectUseCases } from './index.js';
import { DEFAULTS } from './projects.js';
import type { TreeReads } from './treeReads.js';

export const IMPORT_FORMATS: readonly ImportFormat[] = ['openapi', 'swagger', 'postman', 'har', 'yapi'];
/** docs/api/publishing.md: at most 20 MB of text. */
export const IMPORT_MAX_BYTES = 20 * 1024 * 1024;

export const importMessages = {
  format: '导入格式只能是 auto、openapi、swagger、postman、har 或 yapi',
  noSource: '请选择要导入的文件或填写导入地址',
  bothSources: '文件和导入地址只能选一个',
  tooLarge: '导入文件不能超过 20 MB',
  planChanged: '导入内容已变化，请重新预览',
  notManagerServers: '只有项目所有者和管理员可以添加环境，这些服务器地址没有加入环境',
} as const;

/** Where an import reads from: the file's text, or a URL fetched by the service. */
export interface ImportSourceInput {
  text: string;
  fileName: string;
  url: string;
  format: string;
}

export interface ImportingDeps {
  parse(text: string, options: { fileName?: string; format?: ImportFormat | 'auto' }): Promise<ImportPlan>;
  fetch(url: string): Promise<FetchedSource>;
  reads: TreeReads;
}

/** An import's caller: whoever asked, or the member a schedule runs for, with the change id its events share. */
type Actor = Pick<Caller, 'userId' | 'teamId'> & { correlationId?: string };

const cut = (value: string, max: number) => [...value.trim()].slice(0, max).join('');

/** Helpers over URLs a source names, which may be malformed: they answer '' rather than throw. */
function lastSegment(url: string): string {
  try {
    return decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '');
  } catch {
    return '';
  }
}
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/**
 * Import use cases (docs/api/publishing.md): preview a source against a project, and apply it as ONE change of
 * the history (every event of it carries one correlation id, its changeId), into the project or a new one.
 */
export function createImporting(context: ProjectContext, useCases: ProjectUseCases, deps: ImportingDeps) {
  const { readStore, eventStore, now, runCommand } = context;

  async function planOf(source: ImportSourceInput): Promise<ImportPlan> {
    const format = source.format || 'auto';
    if (format !== 'auto' && !IMPORT_FORMATS.includes(format as ImportFormat)) throw invalid(importMessages.format);
    const url = source.url.trim();
    if (url && source.text) throw invalid(importMessages.bothSources);
    if (!url && !source.text) throw invalid(importMessages.noSource);
    let text = source.text;
    let fileName = source.fileName;
    if (url) {
      const fetched = await deps.fetch(url);
      text = fetched.text;
      fileName = lastSegment(fetched.url) || fileName;
    }
    if (Buffer.byteLength(text) > IMPORT_MAX_BYTES) throw invalid(importMessages.tooLarge);
    return deps.parse(text, { fileName: fileName || undefined, format: format as ImportFormat | 'auto' });
  }

  /** The project's tree with each document's content and version, as the match reads it. */
  async function existingOf(projectId: number): Promise<ExistingNode[]> {
    const { nodes } = await deps.reads.treeOf(projectId);
    // By the indexed project id: an `$in` of thousands of ids is a scan comparing each document with each id.
    const docs = nodes.length ? await projectDocs(readStore).find({ projectId }) : [];
    const byId = new Map(docs.map((doc) => [doc.docId, doc]));
    return nodes.map((node) => {
      const doc = byId.get(node.projectDocId);
      return {
        nodeId: node.projectStructureId,
        parentId: node.parentId,
        kind: node.kind,
        name: node.name,
        docId: node.projectDocId,
        method: node.method,
        path: node.path,
        content: doc?.content,
        version: doc?.version,
      };
    });
  }

  /** Access first (nothing is parsed for a caller who may not import), then the source, then the match. */
  async function prepare(projectId: number, source: ImportSourceInput, caller: Actor) {
    const access = projectId === 0 ? null : await context.writable(projectId, caller);
    if (projectId === 0) await context.currentTeam(caller as Caller);
    const plan = await planOf(source);
    const existing = access ? await existingOf(projectId) : [];
    return { access, plan, match: matchImport(plan, existing), existing };
  }

  /** The nodes in one tree event, then every document's creation and save; the last command waits for the reads. */
  async function write(
    projectId: number,
    teamId: number,
    writes: ImportWrites,
    existing: ExistingNode[],
    actor: Actor,
  ) {
    const problems: InterchangeProblem[] = [];
    const ids = () => nextNumericId(now());
    const folderIds = new Map<string, number>([['', 0]]);
    const byId = new Map(existing.map((node) => [node.nodeId, node]));
    for (const node of existing) {
      if (node.kind !== 'folder') continue;
      const path = [node.name];
      for (let p = byId.get(node.parentId); p; p = byId.get(p.parentId)) path.unshift(p.name);
      if (!folderIds.has(folderKey(path))) folderIds.set(folderKey(path), node.nodeId);
    }
    const nodes: { nodeId: number; parentId: number; kind: string; name: string; docId: number }[] = [];
    for (const folder of writes.folders) {
      const nodeId = ids();
      folderIds.set(folder.key, nodeId);
      nodes.push({
        nodeId,
        parentId: folderIds.get(folder.parentKey) ?? 0,
        kind: 'folder',
        name: folder.name,
        docId: 0,
      });
    }
    const commands: { docId: number; command: DocCommand; label: string }[] = [];
    const metadata = { actorId: actor.userId, now: now() };
    for (const doc of writes.docs) {
      const nodeId = ids();
      const docId = ids();
      nodes.push({ nodeId, parentId: folderIds.get(doc.parentKey) ?? 0, kind: doc.kind, name: doc.name, docId });
      const data = { docId, projectId, nodeId, kind: doc.kind, content: doc.content };
      commands.push({ docId, command: { type: 'CreateDoc', data, metadata }, label: doc.name });
    }
    const models = await deps.reads.modelNames(projectId);
    for (const doc of writes.docs) if (doc.kind === 'schema') models.add(doc.name);
    for (const save of writes.saves) {
      const data = { baseVersion: save.baseVersion, content: save.content, models };
      commands.push({ docId: save.docId, command: { type: 'SaveDoc', data, metadata }, label: save.name });
    }
    if (nodes.length > 0) {
      await runCommand(treeStreamId(projectId), treeDecider, { type: 'AddImportedNodes', data: { nodes } }, actor, {
        teamId,
      });
    }
    for (const [index, { docId, command, label }] of commands.entries()) {
      // The store appends synchronously, so awaiting it never lets other requests in: yield every few documents,
      // or thousands of them would hold the service (and the projections) for the whole import.
      if (index % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
      try {
        if (index === commands.length - 1) {
          await runCommand(docStreamId(docId), docDecider, command, actor, { teamId });
        } else if (command.type === 'CreateDoc') {
          // A new document's stream is empty by construction (its id was drawn just now): decide on the initial
          // state and append at version 0 without reading the stream. Only the last command waits for the read
          // models: waiting on each would cost a round per document.
          const events = docDecider.decide(command, docDecider.initialState());
          await eventStore.append(docStreamId(docId), events, 0, appendContextOf(actor, { teamId }, now()));
        } else {
          await handleCommand(
            eventStore,
            docStreamId(docId),
            docDecider,
            command,
            appendContextOf(actor, { teamId }, now()),
          );
        }
      } catch (error) {
        if (!(error instanceof SaveConflictError)) throw error;
        problems.push({ where: label, message: '导入时该文档正被他人修改，没有更新，请稍后重新导入' });
      }
    }
    return { problems, written: nodes.length + commands.length - problems.length };
  }

  /** The source's servers as environments of the project, those whose URL none has yet (managers only). */
  async function addServers(projectId: number, plan: ImportPlan, canManage: boolean, actor: Actor) {
    const settings = await projectSettings(readStore).findOne({ _id: String(projectId) });
    const environments = settings?.environments ?? [];
    const known = new Set(environments.map((env) => env.baseUrl.replace(/\/+$/, '')));
    const names = new Set(environments.map((env) => env.name));
    const fresh = plan.servers.filter((server) => {
      const url = server.url.trim().replace(/\/+$/, '');
      if (!url || known.has(url)) return false;
      known.add(url);
      return true;
    });
    if (fresh.length === 0) return { problems: [], added: 0 };
    if (!canManage) return { problems: [{ where: 'servers', message: importMessages.notManagerServers }], added: 0 };
    const problems: InterchangeProblem[] = [];
    let added = 0;
    for (const server of fresh) {
      let name = cut(server.name || hostOf(server.url) || server.url, 30) || '导入的环境';
      for (let n = 2; names.has(name); n++) name = `${cut(server.name || 'server', 26)} ${n}`;
      names.add(name);
      try {
        const environment = { name, baseUrl: server.url.trim(), variables: [], headers: [] };
        await useCases.settings.addEnvironment(projectId, environment, actor as Caller);
        added++;
      } catch (error) {
        problems.push({ where: `servers.${server.url}`, message: `未加入环境：${(error as Error).message}` });
      }
    }
    return { problems, added };
  }

  return {
    async preview(projectId: number, source: ImportSourceInput, caller: Actor) {
      const { plan, match } = await prepare(projectId, source, caller);
      return {
        format: plan.format,
        formatVersion: plan.formatVersion,
        title: plan.title,
        planHash: planHashOf(plan),
        counts: match.counts,
        items: match.items,
        problems: match.problems,
      };
    },

    /**
     * Writes the source. `planHash` (the preview's) refuses a source that changed since; projectId 0 creates a
     * project in the caller's team named `name` or the source's title. Every event it writes carries one fresh
     * change id, `import-<uuid>` (the history shows such a change as an import), or the one a schedule passes.
     */
    async apply(
      projectId: number,
      source: ImportSourceInput,
      options: { planHash?: string; name?: string; changeId?: string },
      caller: Actor,
    ) {
      const prepared = await prepare(projectId, source, caller);
      const { plan } = prepared;
      if (options.planHash && options.planHash !== planHashOf(plan)) throw invalid(importMessages.planChanged);
      const changeId = options.changeId || `import-${randomUUID()}`;
      const actor = { ...caller, correlationId: changeId };
      let target = projectId;
      let canManage = prepared.access?.canManage ?? false;
      if (target === 0) {
        const fields = {
          ...DEFAULTS,
          poster: -1,
          name: cut(options.name || plan.title || '导入的项目', 50) || '导入的项目',
          description: cut(plan.description ?? '', 500),
        };
        target = (await useCases.projects.create(fields, actor as Caller)).projectId;
        canManage = true;
      }
      const teamId = prepared.access?.project.teamId ?? caller.teamId;
      const written = await write(target, teamId, prepared.match.writes, prepared.existing, actor);
      const servers = await addServers(target, plan, canManage, actor);
      const changed = projectId === 0 || written.written > 0 || servers.added > 0;
      return {
        projectId: target,
        changeId: changed ? changeId : '',
        counts: prepared.match.counts,
        problems: [...prepared.match.problems, ...written.problems, ...servers.problems],
      };
    },
  };
}

export type ImportingUseCases = ReturnType<typeof createImporting>;
