import type { Caller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import {
  type CompareOptions,
  type CompareResult,
  compareUses,
  type FieldIssue,
  type LibraryField,
  type WalkedDoc,
} from '../domain/fieldCompare/index.js';
import { effectiveFields } from '../projections/dataFields/index.js';
import { projectDocs } from '../projections/docs/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import type { ProjectContext } from './context.js';
import { compareOptionsOf, type FieldCompareInput } from './fieldCompareOptions.js';
import { createFieldUsesCache } from './fieldCompareUses.js';
import { createFieldFixes, type SaveLibraryFields } from './fieldFixes.js';
import { createTreeReads, type TreeReads } from './treeReads.js';

/** The issues one answer lists (the counts cover all): a report beyond this is fixed in rounds. */
export const LISTED_ISSUES = 2_000;
/** The places one issue lists (a `missing` name may be used in thousands). */
const LISTED_USES = 50;

/** The report as the wire carries it (gateway/src/schemas/mock.ts FieldCompareReport). */
function wireIssue(issue: FieldIssue) {
  return {
    ...issue,
    uses: issue.uses.slice(0, LISTED_USES).map((use) => ({
      projectStructureId: use.projectStructureId,
      docName: use.docName,
      kind: use.kind,
      method: use.method,
      path: use.path,
      location: use.location,
      pointer: use.pointer,
    })),
  };
}

/**
 * fieldCompare (docs/api/mock-and-fields.md, "Comparing"): the project's api and data-model documents checked
 * against its library (its own fields over the team's). Reads the read models only; the walk and the findings
 * are domain/fieldCompare's pure functions. `run` is what fieldCompareUpdate recomputes and a bench times.
 */
export function createFieldCompare(context: ProjectContext, reads: TreeReads) {
  const { readStore } = context;
  const usesOf = createFieldUsesCache(readStore, reads);

  /** Every api and data-model document of the project's tree (templates apart), in tree order. */
  async function docsOf(projectId: number): Promise<WalkedDoc[]> {
    const { nodes } = await reads.treeOf(projectId);
    const wanted = nodes.filter((node) => node.kind === 'api' || node.kind === 'schema');
    if (wanted.length === 0) return [];
    // By the indexed project id: one scan rather than an `$in` of thousands of ids.
    const docs = new Map((await projectDocs(readStore).find({ projectId })).map((doc) => [doc.docId, doc]));
    const walked: WalkedDoc[] = [];
    for (const node of wanted) {
      const doc = docs.get(node.projectDocId);
      if (!doc) continue;
      walked.push({
        projectStructureId: node.projectStructureId,
        docName: node.name,
        kind: node.kind as WalkedDoc['kind'],
        content: doc.content as Record<string, unknown>,
      });
    }
    return walked;
  }

  async function libraryOf(project: Pick<ProjectDoc, 'projectId' | 'teamId'>): Promise<LibraryField[]> {
    const fields = await effectiveFields(readStore, project);
    return fields.map((field) => ({
      dataFieldId: field.dataFieldId,
      name: field.name,
      aliases: field.aliases ?? [],
      type: field.type,
      format: field.format ?? '',
      description: field.description ?? '',
    }));
  }

  /** The full comparison of a project the caller was already checked for. */
  async function run(
    project: Pick<ProjectDoc, 'projectId' | 'teamId'>,
    options: CompareOptions,
  ): Promise<CompareResult> {
    const [uses, library] = await Promise.all([usesOf(project.projectId), libraryOf(project)]);
    return compareUses(uses, library, options);
  }

  return {
    run,
    docsOf,
    async compare(projectId: number, input: FieldCompareInput, caller: Pick<Caller, 'userId'>) {
      const { project } = await context.readable(projectId, caller);
      const result = await run(project, compareOptionsOf(input));
      return { projectId, ...result, issues: result.issues.slice(0, LISTED_ISSUES).map(wireIssue) };
    },
  };
}

export type FieldCompareUseCases = ReturnType<typeof createFieldCompare>;

type RequestOf<K extends keyof projectv1.ProjectServiceImplementation> = Parameters<
  projectv1.ProjectServiceImplementation[K]
>[0];

/**
 * The two rpcs (grpcFields.ts delegates compareFields and applyFieldFixes here), on the service's context;
 * `saveLibraryFields` is the field library's batch save, which the `addToLibrary` fix uses.
 */
export function fieldCompareCalls(context: ProjectContext, saveLibraryFields?: SaveLibraryFields) {
  const reads = createTreeReads(context.readStore);
  const compare = createFieldCompare(context, reads);
  const fixes = createFieldFixes(context, compare, reads, saveLibraryFields);
  return {
    compare,
    fixes,
    compareFields: async (r: RequestOf<'compareFields'>, caller: Caller) => ({
      reportJson: JSON.stringify(await compare.compare(r.projectId, r, caller)),
    }),
    applyFieldFixes: async (r: RequestOf<'applyFieldFixes'>, caller: Caller) => ({
      resultJson: JSON.stringify(await fixes.apply(r.projectId, r, caller)),
    }),
  };
}
