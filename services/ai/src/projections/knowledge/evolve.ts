import type { Doc, ReadModel, ReadStore } from '@pmbok/infra';

type Body<D> = Omit<D, '_id' | '_position' | '_seq'>;

let writes = 0;
/**
 * How many knowledge documents this process has written; each carries its number as `_seq`. The index asks for the
 * documents written since it last looked: unlike global positions, which a Kafka consumer applies in order within a
 * partition only, these numbers follow the order of the writes (the read store is in memory, in this process).
 */
export const knowledgeWrites = () => writes;

/**
 * Evolves one document of a read model with an event at `position`, as `documentProjection` does, for projections
 * that write several documents (or several read models) per event: an event already applied to the document (a
 * redelivery) changes nothing, and `evolve` answering nothing (null) leaves the document as it is.
 */
export async function evolveDoc<D extends Doc & { _position: number; _seq: number }>(
  store: ReadStore,
  model: ReadModel<D>,
  id: number,
  position: number,
  evolve: (doc: D | null) => Body<D> | null | undefined,
): Promise<void> {
  const documents = model(store);
  const _id = String(id);
  // the stored document itself (a change is a new document: evolve builds one, deep-frozen ones under the tests)
  const current = (await documents.viewOne({ _id })) as D | null;
  if (current && current._position >= position) return;
  const next = evolve(current);
  if (next) await documents.put({ ...next, _id, _position: position, _seq: ++writes } as D);
}

/** The team of a document's project as the read model knows it (0, never visible, if unknown). */
export async function teamOf<D extends Doc & { teamId: number }>(store: ReadStore, model: ReadModel<D>, id: number) {
  return (await model(store).findOne({ _id: String(id) }))?.teamId ?? 0;
}
