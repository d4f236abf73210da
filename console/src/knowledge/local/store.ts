import type {
  ApiDoc,
  DocPrivateType,
  Environment,
  NodeKind,
  PageDoc,
  PrivateType,
  ResponseCode,
  SchemaDoc,
  VersionUpdateType,
} from '@pmbok/api-types';
import { type DBSchema, type IDBPDatabase, openDB } from 'idb';

/**
 * Local mode's project store (SPEC §1, §4): the knowledge projects of a signed-out user, kept in this browser's
 * IndexedDB. Ids come from the stores' key generators, so they are positive integers like the server's. Every call
 * that reads and then writes runs in one transaction: IndexedDB serializes overlapping read-write transactions
 * across tabs, which is what gives two racing tabs the server's save-conflict behaviour.
 */
export interface LocalProject {
  projectId: number;
  name: string;
  description: string;
  logo: string;
  poster: number;
  privateType: PrivateType;
  docPrivateType: DocPrivateType;
  versionUpdateType: VersionUpdateType;
  isTemplate: boolean;
  isStar: boolean;
  beforeScript: string;
  afterScript: string;
  createTime: number;
  updateTime: number;
}

export interface LocalNode {
  projectStructureId: number;
  projectId: number;
  parentId: number;
  kind: NodeKind;
  name: string;
  sort: number;
  projectDocId: number;
  /** An API template (`saveTemplateApi`): kept out of the tree, listed by `projectTemplateApi`. */
  isTemplate: boolean;
  updatedAt: number;
}

export interface LocalDoc {
  projectDocId: number;
  projectId: number;
  projectStructureId: number;
  kind: NodeKind;
  version: number;
  api?: ApiDoc;
  page?: PageDoc;
  schema?: SchemaDoc;
  createdAt: number;
  updatedAt: number;
}

export type LocalEnvironment = Environment & { projectId: number };
export type LocalResponseCode = ResponseCode & { projectId: number };

export interface LocalSchema extends DBSchema {
  projects: { key: number; value: LocalProject };
  nodes: { key: number; value: LocalNode; indexes: { byProject: number } };
  docs: { key: number; value: LocalDoc; indexes: { byProject: number } };
  environments: { key: number; value: LocalEnvironment; indexes: { byProject: number } };
  responseCodes: { key: number; value: LocalResponseCode; indexes: { byProject: number } };
}

export type LocalStore = IDBPDatabase<LocalSchema>;
export type StoreName = 'projects' | 'nodes' | 'docs' | 'environments' | 'responseCodes';

export const LOCAL_DB_NAME = 'pmbok-local-knowledge';

/** A record without its key: the key generator gives it on `add`. */
export type Unsaved<T, K extends keyof T> = Omit<T, K> & Partial<Pick<T, K>>;

export function openLocalStore(name = LOCAL_DB_NAME): Promise<LocalStore> {
  return openDB<LocalSchema>(name, 1, {
    upgrade(db) {
      db.createObjectStore('projects', { keyPath: 'projectId', autoIncrement: true });
      for (const [store, keyPath] of [
        ['nodes', 'projectStructureId'],
        ['docs', 'projectDocId'],
        ['environments', 'projectConfigId'],
        ['responseCodes', 'responseCodeId'],
      ] as const) {
        db.createObjectStore(store, { keyPath, autoIncrement: true }).createIndex('byProject', 'projectId');
      }
    },
  });
}

let shared: Promise<LocalStore> | null = null;

/** The browser's one store, opened once. */
export function localStore(): Promise<LocalStore> {
  shared ??= openLocalStore();
  return shared;
}
