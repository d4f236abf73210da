import { type Doc, type IndexSpec, ownLog, parseStreamId, projection, type ReadStore, readModel } from '@pmbok/infra';
import type { Content } from '../../domain/doc/content.js';
import type { DocEvent } from '../../domain/doc/doc.js';
import type { NewNode, NodeKind, TreeEvent } from '../../domain/tree/tree.js';

/** Where a search may match, in the order a hit names the first field it matched in. */
export const SEARCH_FIELDS = ['name', 'path', 'description', 'parameter', 'field', 'content'] as const;
export type SearchField = (typeof SEARCH_FIELDS)[number];

/**
 * One per document of a project's tree (templates apart): the texts a search reads, and all of them lower-cased
 * in `haystack`, so a substring query (any language: Chinese has no spaces to split words at) is one scan.
 */
export interface SearchEntryDoc extends Doc, Record<SearchField, string> {
  projectId: number;
  projectStructureId: number;
  projectDocId: number;
  kind: NodeKind;
  method: string;
  haystack: string;
}

const indexes: IndexSpec[] = [{ fields: { projectId: 1 } }];
export const searchEntries = readModel<SearchEntryDoc>('docSearch', indexes);

/** The property names of a JSON Schema, at any depth (properties, items, compositions, definitions). */
export function propertyNames(schema: unknown, names: Set<string> = new Set()): Set<string> {
  if (Array.isArray(schema)) for (const item of schema) propertyNames(item, names);
  else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'example' || key === 'examples' || key === 'default' || key === 'enum' || key === 'const') continue;
      if (key === 'properties' && value && typeof value === 'object' && !Array.isArray(value)) {
        for (const name of Object.keys(value)) names.add(name);
      }
      propertyNames(value, names);
    }
  }
  return names;
}

const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value : []);
const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** The searchable texts of a document's content, by kind. */
export function textsOf(
  kind: NodeKind,
  content: Content,
): Omit<Record<SearchField, string>, 'name'> & { method: string } {
  if (kind === 'page')
    return { method: '', path: '', description: '', parameter: '', field: '', content: text(content.markdown) };
  if (kind === 'schema') {
    return {
      method: '',
      path: '',
      description: text(content.description),
      parameter: '',
      field: [...propertyNames(content.schema)].join('\n'),
      content: '',
    };
  }
  const body = (content.requestBody ?? {}) as Record<string, unknown>;
  const parameters = list(content.parameters);
  const formFields = list(body.fields);
  const schemas = [body.schema, ...parameters.map((p) => p.schema), ...formFields.map((f) => f.schema)];
  for (const response of list(content.responses)) schemas.push(response.schema);
  return {
    method: text(content.method),
    path: text(content.path),
    description: text(content.description),
    parameter: [...parameters, ...formFields].map((p) => text(p.name)).join('\n'),
    field: [...propertyNames(schemas)].join('\n'),
    content: '',
  };
}

const haystackOf = (entry: Record<SearchField, string>) =>
  SEARCH_FIELDS.map((field) => entry[field])
    .join('\n')
    .toLowerCase();

function entryOf(projectId: number, node: NewNode): SearchEntryDoc {
  const empty = { method: '', path: '', description: '', parameter: '', field: '', content: '' };
  const entry = { ...empty, name: node.name };
  return {
    _id: String(node.docId),
    projectId,
    projectStructureId: node.nodeId,
    projectDocId: node.docId,
    kind: node.kind,
    ...entry,
    haystack: haystackOf(entry),
  };
}

async function addNodes(store: ReadStore, streamId: string, nodes: NewNode[]) {
  const projectId = parseStreamId(streamId, 'projectTree');
  for (const node of nodes) {
    if (node.isTemplate || node.kind === 'folder' || !node.docId) continue;
    const current = await searchEntries(store).findOne({ _id: String(node.docId) });
    // The document may have been indexed already (an event delivered again): keep its texts.
    await searchEntries(store).put(current ? { ...current, name: node.name } : entryOf(projectId, node));
  }
}

async function indexContent(store: ReadStore, streamId: string, content: Content) {
  const _id = String(parseStreamId(streamId, 'projectDoc'));
  const current = await searchEntries(store).findOne({ _id });
  if (!current) return;
  const next = { ...current, ...textsOf(current.kind, content) };
  await searchEntries(store).put({ ...next, haystack: haystackOf(next) });
}

export const searchProjection = projection({
  name: 'docSearch',
  source: ownLog<TreeEvent | DocEvent>(),
  on: {
    StructureNodeAdded: (event, store) => addNodes(store, event.metadata.streamId, [event.data]),
    StructureNodesCopied: (event, store) => addNodes(store, event.metadata.streamId, event.data.nodes),
    StructureNodeRenamed: async ({ data }, store) => {
      const current = data.docId ? await searchEntries(store).findOne({ _id: String(data.docId) }) : null;
      if (current)
        await searchEntries(store).put({
          ...current,
          name: data.name,
          haystack: haystackOf({ ...current, name: data.name }),
        });
    },
    StructureNodesRemoved: async ({ data }, store) => {
      const ids = data.removed.filter((node) => node.docId).map((node) => String(node.docId));
      await searchEntries(store).deleteMany({ _id: { $in: ids } });
    },
    DocCreated: (event, store) => indexContent(store, event.metadata.streamId, event.data.content),
    DocSaved: (event, store) => indexContent(store, event.metadata.streamId, event.data.content),
    DocDeleted: async (event, store) => {
      await searchEntries(store).deleteOne({ _id: String(parseStreamId(event.metadata.streamId, 'projectDoc')) });
    },
  },
});
