import { randomUUID } from 'node:crypto';
import { appendContextOf, type Caller, DomainError, handleCommand, invalid } from '@pmbok/infra';
import { docDecider, SaveConflictError } from '../domain/doc/businessLogic.js';
import { docStreamId } from '../domain/doc/doc.js';
import {
  applyDocFixes,
  type DocFix,
  type FieldIssue,
  type FixAction,
  optionsOfReportHash,
} from '../domain/fieldCompare/index.js';
import { projectDocs } from '../projections/docs/index.js';
import type { ProjectContext } from './context.js';
import type { FieldCompareUseCases } from './fieldCompare.js';
import { compareOptionsOf, type FieldCompareInput, fieldCompareMessages } from './fieldCompareOptions.js';
import type { TreeReads } from './treeReads.js';

const MAX_FIXES = 5_000;
const LIBRARY_BATCH = 500;

/** A field the `addToLibrary` fix saves into the project's library. */
export interface NewLibraryField {
  name: string;
  type: string;
  format: string;
  description: string;
}

/**
 * Saves fields into a project's library as saveDataFields does (the field library's use case, plugged in by
 * grpcFields.ts), one result per field in order.
 */
export type SaveLibraryFields = (
  projectId: number,
  fields: NewLibraryField[],
  caller: Caller,
) => Promise<{ results: { status: number; msg: string; action: string }[] }>;

export interface FieldFixesInput extends FieldCompareInput {
  reportHash: string;
  fixesJson: string;
}

interface ChosenFix {
  issueId: string;
  action: FixAction;
}

function parseFixes(json: string): ChosenFix[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid(fieldCompareMessages.fixesFormat);
  }
  if (!Array.isArray(parsed)) throw invalid(fieldCompareMessages.fixesFormat);
  if (parsed.length === 0) throw invalid(fieldCompareMessages.noFixes);
  if (parsed.length > MAX_FIXES) throw invalid(fieldCompareMessages.tooManyFixes);
  return parsed.map((item) => {
    const fix = item as Partial<ChosenFix>;
    if (!item || typeof fix.issueId !== 'string' || typeof fix.action !== 'string' || fix.issueId.length > 100) {
      throw invalid(fieldCompareMessages.fixesFormat);
    }
    return { issueId: fix.issueId, action: fix.action as FixAction };
  });
}

/**
 * fieldCompareUpdate: the report recomputed and checked against the caller's `reportHash`, then the chosen fixes.
 * Fixes to documents are saved as ONE change of the history (every save carries the change id `fields-<uuid>`),
 * which `revertChange` undoes; fields added to the library are saved through the library's own use case.
 */
export function createFieldFixes(
  context: ProjectContext,
  compare: FieldCompareUseCases,
  reads: TreeReads,
  saveLibraryFields?: SaveLibraryFields,
) {
  const { readStore, eventStore, now, runCommand } = context;

  /** Saves one document's fixed content on the version it was fixed from; the last save waits for the reads. */
  async function save(
    docId: number,
    content: unknown,
    baseVersion: number,
    models: Set<string>,
    who: Caller,
    teamId: number,
    last: boolean,
  ) {
    const command = {
      type: 'SaveDoc',
      data: { baseVersion, content, models },
      metadata: { actorId: who.userId, now: now() },
    } as const;
    if (last) return runCommand(docStreamId(docId), docDecider, command, who, { teamId });
    // Waiting for the read models after each save would cost a round per document: only the last one waits.
    return handleCommand(eventStore, docStreamId(docId), docDecider, command, appendContextOf(who, { teamId }, now()));
  }

  return {
    async apply(projectId: number, input: FieldFixesInput, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      // Fixes sent with the report's hash alone are checked against a report made as that one was.
      const options =
        input.convention || input.minUses ? compareOptionsOf(input) : optionsOfReportHash(input.reportHash);
      if (!options) throw invalid(fieldCompareMessages.changed);
      const chosen = parseFixes(input.fixesJson);
      const report = await compare.run(project, options);
      if (report.reportHash !== input.reportHash) throw invalid(fieldCompareMessages.changed);
      const issues = new Map(report.issues.map((issue) => [issue.issueId, issue]));
      const skipped: { issueId: string; msg: string }[] = [];
      const byDoc = new Map<number, DocFix[]>();
      const additions: FieldIssue[] = [];
      const taken = new Set<string>();
      for (const { issueId, action } of chosen) {
        const issue = issues.get(issueId);
        if (taken.has(issueId)) continue;
        taken.add(issueId);
        if (!issue) skipped.push({ issueId, msg: '该问题已不存在，请重新比对' });
        else if (!issue.fixes.includes(action)) skipped.push({ issueId, msg: '该问题不能这样修复' });
        else if (action === 'addToLibrary') additions.push(issue);
        else {
          const nodeId = issue.uses[0]?.projectStructureId ?? 0;
          byDoc.set(nodeId, [...(byDoc.get(nodeId) ?? []), { issue, action }]);
        }
      }

      const changeId = `fields-${randomUUID()}`;
      const who = { ...caller, correlationId: changeId };
      const { nodes } = await reads.treeOf(projectId);
      const nodeById = new Map(nodes.map((node) => [node.projectStructureId, node]));
      const models = await reads.modelNames(projectId);
      const planned: { docId: number; content: unknown; version: number; fixes: DocFix[]; applied: string[] }[] = [];
      for (const [nodeId, fixes] of byDoc) {
        const node = nodeById.get(nodeId);
        const doc = node && (await projectDocs(readStore).findOne({ _id: String(node.projectDocId) }));
        if (!doc) {
          for (const { issue } of fixes) skipped.push({ issueId: issue.issueId, msg: '文档已不存在' });
          continue;
        }
        const fixed = applyDocFixes(doc.content as Record<string, unknown>, fixes);
        skipped.push(...fixed.skipped);
        if (fixed.applied.length > 0) {
          planned.push({
            docId: doc.docId,
            content: fixed.content,
            version: doc.version,
            fixes,
            applied: fixed.applied,
          });
        }
      }
      let docsChanged = 0;
      let fieldsFixed = 0;
      for (const [index, doc] of planned.entries()) {
        // The store appends synchronously: yield now and then so other requests are answered meanwhile.
        if (index % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
        try {
          const last = index === planned.length - 1;
          await save(doc.docId, doc.content, doc.version, models, who, project.teamId, last);
          docsChanged += 1;
          fieldsFixed += doc.applied.length;
        } catch (error) {
          const msg =
            error instanceof SaveConflictError
              ? '文档刚被他人保存，没有修改，请重新比对'
              : error instanceof DomainError && error.kind === 'invalid'
                ? `修复后的文档不正确：${error.message}`
                : '';
          if (!msg) throw error;
          for (const issueId of doc.applied) skipped.push({ issueId, msg });
        }
      }

      let fieldsAdded = 0;
      if (additions.length > 0) {
        if (!saveLibraryFields) {
          for (const issue of additions) skipped.push({ issueId: issue.issueId, msg: '字段库暂不可用' });
        } else {
          const fields = additions.map((issue) => ({
            name: issue.fieldName,
            type: issue.actual.type,
            format: issue.actual.format,
            description: issue.actual.description,
          }));
          // The library saves at most LIBRARY_BATCH fields a call.
          for (let from = 0; from < fields.length; from += LIBRARY_BATCH) {
            const { results } = await saveLibraryFields(projectId, fields.slice(from, from + LIBRARY_BATCH), who);
            results.forEach((result, i) => {
              if (result.status === 200 && result.action === 'added') fieldsAdded += 1;
              else skipped.push({ issueId: additions[from + i]?.issueId ?? '', msg: result.msg || '字段已存在' });
            });
          }
        }
      }
      return { changeId: docsChanged > 0 ? changeId : '', docsChanged, fieldsFixed, fieldsAdded, skipped };
    },
  };
}

export type FieldFixesUseCases = ReturnType<typeof createFieldFixes>;
