import type { ReadStore } from '@pmbok/infra';
import { projectDocs } from '../projections/docs/index.js';
import { structureNodes } from '../projections/tree/index.js';

/**
 * How many api and schema documents of a project use each field name (the library list's `uses`). Counted when
 * listed: each document's names are remembered by its version, so a later list walks only documents saved since.
 */
type Names = { version: number; names: Set<string> };
const REMEMBERED_MAX = 50_000;

/** The property names of a JSON Schema at every level (lower case), following nested schemas but not `$ref`s. */
function schemaNames(schema: unknown, into: Set<string>, depth = 0): void {
  if (depth > 64 || typeof schema !== 'object' || schema === null) return;
  if (Array.isArray(schema)) {
    for (const item of schema) schemaNames(item, into, depth + 1);
    return;
  }
  for (const [key, value] of Object.entries(schema as Record<string, unknown>)) {
    if (key === 'properties' && typeof value === 'object' && value && !Array.isArray(value)) {
      for (const [name, property] of Object.entries(value)) {
        into.add(name.toLowerCase());
        schemaNames(property, into, depth + 1);
      }
    } else if (key !== 'enum' && key !== 'const' && key !== 'examples' && key !== 'example' && key !== 'default') {
      schemaNames(value, into, depth + 1);
    }
  }
}

type Named = { name?: unknown; schema?: unknown };
const listOf = (value: unknown): Named[] => (Array.isArray(value) ? (value as Named[]) : []);

/** The field names a document uses: parameters, form fields and every property of its schemas. */
export function docFieldNames(kind: string, content: Record<string, unknown>): Set<string> {
  const names = new Set<string>();
  if (kind === 'schema') {
    schemaNames(content.schema, names);
    return names;
  }
  const body = (content.requestBody ?? {}) as { fields?: unknown; schema?: unknown };
  for (const item of [...listOf(content.parameters), ...listOf(body.fields)]) {
    if (typeof item.name === 'string') names.add(item.name.toLowerCase());
    schemaNames(item.schema, names);
  }
  schemaNames(body.schema, names);
  for (const response of listOf(content.responses)) schemaNames(response.schema, names);
  return names;
}

export function createFieldUses(readStore: ReadStore) {
  const remembered = new Map<number, Names>();

  /** Uses per lower-case name in a project's api and schema documents (API templates left out). */
  return async function usesIn(projectId: number): Promise<Map<string, number>> {
    const [docs, templates] = await Promise.all([
      projectDocs(readStore).find({ projectId, kind: { $in: ['api', 'schema'] } }),
      structureNodes(readStore).find({ projectId, isTemplate: true }),
    ]);
    const templateNodes = new Set(templates.map((node) => node.projectStructureId));
    if (remembered.size > REMEMBERED_MAX) remembered.clear();
    const counts = new Map<string, number>();
    for (const doc of docs) {
      if (templateNodes.has(doc.nodeId)) continue;
      let entry = remembered.get(doc.docId);
      if (entry?.version !== doc.version) {
        entry = { version: doc.version, names: docFieldNames(doc.kind, doc.content) };
        remembered.set(doc.docId, entry);
      }
      for (const name of entry.names) counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    return counts;
  };
}
