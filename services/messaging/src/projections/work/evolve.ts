import type { Doc, ReadModel, ReadStore } from '@pmbok/infra';

type Body<D> = Omit<D, '_id' | '_position'>;

/**
 * Evolves one document of a read model with an event at `position` (as infra's `documentProjection`, for handlers
 * that write several documents per event): an event already applied to it changes nothing, and `evolve` answering
 * null or undefined leaves it as it is.
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
  // the stored document itself (a change is a new document: evolve builds one, deep-frozen ones under the tests)
  const current = (await documents.viewOne({ _id })) as D | null;
  if (current && current._position >= position) return;
  const next = evolve(current);
  if (next) await documents.put({ ...next, _id, _position: position } as D);
}

export type Meta = { metadata: { streamId: string; globalPosition: number } };
export const at = (event: Meta) => event.metadata.globalPosition;
