import type { ReadStore } from '@pmbok/infra';
import type { Content } from '../domain/doc/content.js';
import type { MockApi } from '../mockIndex.js';
import { projectDocs } from '../projections/docs/index.js';
import { mockDocPositions } from '../projections/mockConfig/index.js';
import type { StructureNodeDoc } from '../projections/tree/index.js';

/**
 * Each document's part of a project's mock index, kept as JSON text by the position of the document's last event,
 * so a rebuild after one save reads and maps that document only: reading every document of a 5,000-document project
 * (the read store copies each) and serializing them took ~1 s of the service's thread for every saved document.
 */
interface Part {
  position: number;
  nodeId: number;
  name: string;
  /** An api's `MockApi` without its expectations (which change apart), or a model's schema. */
  json: string;
}

/** Above this many documents to read, one query for the whole project beats one read each. */
const READ_ONE_BY_ONE = 200;

export class ProjectParts {
  private readonly parts = new Map<number, Part>();
  bytes = 0;

  /**
   * The apis (`MockApi` JSON with `expectationsJson` spliced in) and models of the project's nodes, in node order;
   * `mapApi` maps an api document's content (it is the index's one mapping).
   */
  async collect(
    readStore: ReadStore,
    projectId: number,
    nodes: StructureNodeDoc[],
    expectationsJsonOf: (nodeId: number) => string,
    mapApi: (nodeId: number, name: string, content: Content) => Omit<MockApi, 'expectations'>,
  ) {
    const wanted = nodes
      .filter((node) => !node.isTemplate && node.projectDocId > 0 && (node.kind === 'api' || node.kind === 'schema'))
      .sort((a, b) => a.projectStructureId - b.projectStructureId);
    const positions = new Map(
      (await mockDocPositions(readStore).find({ projectId })).map((doc) => [Number(doc._id), doc.position]),
    );
    const fresh = (node: StructureNodeDoc) => {
      const part = this.parts.get(node.projectDocId);
      const position = positions.get(node.projectDocId);
      return (
        position !== undefined &&
        part?.position === position &&
        part.nodeId === node.projectStructureId &&
        part.name === node.name
      );
    };
    const stale = wanted.filter((node) => !fresh(node)).map((node) => node.projectDocId);
    const read =
      stale.length > READ_ONE_BY_ONE
        ? await projectDocs(readStore).find({ projectId })
        : await Promise.all(stale.map((docId) => projectDocs(readStore).findOne({ _id: String(docId) })));
    const contentOf = new Map(read.filter((doc) => doc !== null).map((doc) => [doc.docId, doc.content]));

    const kept = new Map<number, Part>();
    const apis: string[] = [];
    const models: string[] = [];
    const modelNames = new Set<string>();
    for (const node of wanted) {
      const docId = node.projectDocId;
      let part = fresh(node) ? this.parts.get(docId) : undefined;
      if (!part) {
        const content = contentOf.get(docId);
        // Deleted in the meantime (the tree moves first): left out, as the next revision will.
        if (!content) continue;
        const value: unknown =
          node.kind === 'api' ? mapApi(node.projectStructureId, node.name, content) : (content.schema ?? {});
        // Without a position the part is never reused (positions.get(...) !== undefined above).
        part = {
          position: positions.get(docId) ?? -1,
          nodeId: node.projectStructureId,
          name: node.name,
          json: JSON.stringify(value),
        };
      }
      kept.set(docId, part);
      if (node.kind === 'api') {
        apis.push(`${part.json.slice(0, -1)},"expectations":${expectationsJsonOf(node.projectStructureId)}}`);
      } else if (!modelNames.has(node.name)) {
        modelNames.add(node.name);
        models.push(`${JSON.stringify(node.name)}:${part.json}`);
      }
    }
    this.parts.clear();
    this.bytes = 0;
    for (const [docId, part] of kept) {
      this.parts.set(docId, part);
      this.bytes += part.json.length;
    }
    return { apisJson: `[${apis.join(',')}]`, modelsJson: `{${models.join(',')}}` };
  }
}
