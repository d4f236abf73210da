import type { Doc, ReadModel, ReadStore } from '@pmbok/infra';

type Body<D> = Omit<D, '_id' | '_position'>;

/**
 * Evolves one document of a read model with an event at `position`, as `documentProjection` does, for projections
 * that write several documents (or several read models) per event: an event already applied to the document (a
 * redelivery) changes nothing, and `evolve` answering nothing (null) leaves the document as it is.
 */
export async function evolveDoc<D extends Doc & { _position: number }>(
  store: ReadStore,
  model: ReadModel<D>,
  id: number,
  position: number,
  evolve: (doc: D | null) => Body<D> | null | undefined,
): Promise<void> {
  const documents = model(store);
  const _id = String(id);
  const current = await documents.findOne({ _id });
  if (current && current._position >= position) return;
  const next = evolve(current);
  if (next) await documents.put({ ...next, _id, _position: position } as D);
}

/** The team of a document's project as the read model knows it (0, never visible, if unknown). */
export async function teamOf<D extends Doc & { teamId: number }>(store: ReadStore, model: ReadModel<D>, id: number) {
  return (await model(store).findOne({ _id: String(id) }))?.teamId ?? 0;
}
