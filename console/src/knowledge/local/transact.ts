import type { IDBPTransaction } from 'idb';
import { NOT_FOUND, refuse } from './rules';
import type { LocalNode, LocalProject, LocalSchema, LocalStore, StoreName } from './store';

export type Tx = IDBPTransaction<LocalSchema, StoreName[], 'readwrite'>;

export interface LocalContext {
  db: LocalStore;
  now: () => number;
}

const ALL: StoreName[] = ['projects', 'nodes', 'docs', 'environments', 'responseCodes'];

/**
 * Runs a call in one read-write transaction, aborted when the call refuses: like the server, nothing is
 * half-written. Only IndexedDB requests may be awaited inside (another promise would let the transaction commit).
 */
export async function transact<T>(ctx: LocalContext, run: (tx: Tx) => Promise<T>, stores = ALL): Promise<T> {
  const tx = ctx.db.transaction(stores, 'readwrite');
  const done = tx.done.catch(() => undefined);
  try {
    const result = await run(tx);
    await tx.done;
    return result;
  } catch (error) {
    try {
      tx.abort();
    } catch {
      // already finished
    }
    await done;
    throw error;
  }
}

export async function projectIn(tx: Tx, projectId: number): Promise<LocalProject> {
  const project = await tx.objectStore('projects').get(projectId);
  return project ?? refuse(NOT_FOUND);
}

/** Marks the project changed (its list shows the newest change first). */
export async function touch(tx: Tx, project: LocalProject, now: number): Promise<void> {
  await tx.objectStore('projects').put({ ...project, updateTime: now });
}

export async function nodesIn(tx: Tx, projectId: number): Promise<Map<number, LocalNode>> {
  const nodes = await tx.objectStore('nodes').index('byProject').getAll(projectId);
  return new Map(nodes.map((node) => [node.projectStructureId, node]));
}
