import type { ReadStore } from '@pmbok/infra';
import { dataFieldDocNames, dataFieldUses } from '../projections/dataFields/uses.js';
import { structureNodes } from '../projections/tree/index.js';

/**
 * Uses per lower-case name in a project's api and schema documents (projections/dataFields/uses.ts), API templates
 * left out: their few documents' names are taken back out here.
 */
export function createFieldUses(readStore: ReadStore) {
  return async function usesIn(projectId: number): Promise<Map<string, number>> {
    const [uses, templates] = await Promise.all([
      dataFieldUses(readStore).findOne({ _id: String(projectId) }),
      structureNodes(readStore).find({ projectId, isTemplate: true }),
    ]);
    const counts = new Map(Object.entries(uses?.counts ?? {}));
    const templateDocs = templates.map((node) => String(node.projectDocId)).filter((id) => id !== '0');
    if (templateDocs.length > 0) {
      for (const doc of await dataFieldDocNames(readStore).find({ _id: { $in: templateDocs } })) {
        if (doc.deleted) continue;
        for (const name of doc.names) counts.set(name, (counts.get(name) ?? 1) - 1);
      }
    }
    return counts;
  };
}
