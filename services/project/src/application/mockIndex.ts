import { createHash } from 'node:crypto';
import { invalid, type ReadStore } from '@pmbok/infra';
import type { Content, Json } from '../domain/doc/content.js';
import type { MockApi, MockField, MockIndex } from '../mockIndex.js';
import { effectiveFields } from '../projections/dataFields/index.js';
import { docsProjection } from '../projections/docs/index.js';
import {
  defaultMockSettings,
  type MockSettingsDoc,
  mockConfigProjection,
  mockExpectations,
  mockSettings,
} from '../projections/mockConfig/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { structureNodes, treeHeads } from '../projections/tree/index.js';
import { ProjectParts } from './mockIndexParts.js';

type Obj = Record<string, Json>;
const list = (value: Json | undefined): Obj[] => (Array.isArray(value) ? (value as Obj[]) : []);
const obj = (value: Json | undefined): Obj =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Obj) : {};
const str = (value: Json | undefined, fallback = '') => (typeof value === 'string' ? value : fallback);

/** An api document's content (checked and canonical when saved: domain/doc/content.ts) as the mock reads it. */
export function mockApiOf(nodeId: number, name: string, content: Content): Omit<MockApi, 'expectations'> {
  const body = obj(content.requestBody);
  return {
    projectStructureId: nodeId,
    name,
    method: str(content.method, 'GET'),
    path: str(content.path, '/'),
    parameters: list(content.parameters).map((p) => ({
      in: str(p.in, 'query') as MockApi['parameters'][number]['in'],
      name: str(p.name),
      required: p.required === true,
      schema: p.schema ?? { type: 'string' },
      example: p.example ?? null,
    })),
    requestBody: {
      type: str(body.type, 'none') as MockApi['requestBody']['type'],
      mediaType: str(body.mediaType),
      required: body.required === true,
      schema: body.schema ?? {},
      fields: list(body.fields).map((f) => ({
        name: str(f.name),
        type: str(f.type, 'string') as MockApi['requestBody']['fields'][number]['type'],
        required: f.required === true,
        schema: f.schema ?? {},
      })),
    },
    responses: list(content.responses).map((r) => ({
      status: str(r.status, '200'),
      name: str(r.name),
      mediaType: str(r.mediaType, 'application/json'),
      schema: r.schema ?? {},
      headers: list(r.headers).map((h) => ({
        name: str(h.name),
        required: h.required === true,
        schema: h.schema ?? { type: 'string' },
      })),
      examples: list(r.examples).map((e) => ({ name: str(e.name), value: e.value ?? null })),
    })),
  };
}

const fieldOf = (field: Awaited<ReturnType<typeof effectiveFields>>[number]): MockField => ({
  name: field.name,
  aliases: field.aliases ?? [],
  type: field.type,
  format: field.format ?? '',
  enum: (field.enum ?? []) as Json[],
  example: (field.example ?? null) as Json,
  mockRule: field.mockRule ?? '',
});

/** A gRPC answer carries at most 8 MiB (infra's limits): an index is refused with the reason before that. */
const INDEX_MAX_BYTES = 7.5 * 1024 * 1024;
export const INDEX_TOO_LARGE = '项目的接口文档合计过大（超过 7.5 MB），Mock 无法加载';

/** Built indexes kept per project, the least recently used forgotten beyond these bounds. */
const CACHE_MAX_PROJECTS = 200;
const CACHE_MAX_BYTES = 64 * 1024 * 1024;

export interface MockIndexAnswer {
  found: boolean;
  unchanged: boolean;
  revision: string;
  indexJson: string;
}

/**
 * `GetMockIndex`: a project's api documents (not API templates), models, effective field library, settings and
 * expectations, as the gateway's mock server compiles them. The revision is made of the tree's head position
 * (it moves with every tree and document event of the project, schema documents included), the position of the
 * project's mock stream and a hash of the effective fields (a team field belongs to many projects: hashing what
 * the index holds of them needs no per-project bookkeeping of team events). All three are a few reads, so a
 * gateway asking with the revision it holds learns "unchanged" without the documents being read.
 */
export function createMockIndex(
  readStore: ReadStore,
  deps: {
    /** Names the projections' checkpoints (infra's projection runner: `projection:<service>:<name>`). */
    serviceName: string;
    findProject(projectId: number): Promise<ProjectDoc | null>;
    /** Issues the project's token the first time it is needed (the settings read model shows it on return). */
    issueToken(project: ProjectDoc): Promise<void>;
  },
) {
  const cache = new Map<number, { revision: string; json: string }>();
  const partsOf = new Map<number, ProjectParts>();
  const bytesOf = (projectId: number) =>
    (cache.get(projectId)?.json.length ?? 0) + (partsOf.get(projectId)?.bytes ?? 0);

  function remember(projectId: number, revision: string, json: string) {
    cache.delete(projectId);
    cache.set(projectId, { revision, json });
    let bytes = 0;
    for (const id of cache.keys()) bytes += bytesOf(id);
    // Map order is insertion order, and a read re-inserts: the first keys are the least recently used.
    for (const id of [...cache.keys()]) {
      if (cache.size <= CACHE_MAX_PROJECTS && bytes <= CACHE_MAX_BYTES) break;
      if (id === projectId) continue;
      bytes -= bytesOf(id);
      forget(id);
    }
  }
  function forget(projectId: number) {
    cache.delete(projectId);
    partsOf.delete(projectId);
  }

  /** Whether the read models the parts come from have applied the log up to the tree's head. */
  async function caughtUp(position: number) {
    const at = await Promise.all(
      [docsProjection, mockConfigProjection].map(({ name }) =>
        readStore.checkpoints.load(`projection:${deps.serviceName}:${name}`),
      ),
    );
    return at.every((p) => p >= position);
  }

  async function build(
    project: ProjectDoc,
    settings: MockSettingsDoc,
    fields: MockField[],
    revision: string,
    keep = true,
  ) {
    const { projectId } = project;
    const [nodes, expectationDocs] = await Promise.all([
      structureNodes(readStore).find({ projectId }),
      mockExpectations(readStore).find({ projectId }),
    ]);
    const expectationsOf = new Map(expectationDocs.map((doc) => [doc.projectStructureId, doc.expectations]));
    let parts = keep ? partsOf.get(projectId) : new ProjectParts();
    if (!parts) {
      parts = new ProjectParts();
      partsOf.set(projectId, parts);
    }
    const { apisJson, modelsJson } = await parts.collect(
      readStore,
      projectId,
      nodes,
      (nodeId) => JSON.stringify(expectationsOf.get(nodeId) ?? []),
      mockApiOf,
    );
    const head: Omit<MockIndex, 'apis' | 'models' | 'fields'> = {
      projectId,
      revision,
      access: settings.access,
      token: settings.access === 'token' ? settings.token : '',
      validateRequests: settings.validateRequests,
    };
    // The documents' parts are JSON already: spliced in, not parsed and serialized again.
    const json = `${JSON.stringify(head).slice(0, -1)},"apis":${apisJson},"models":${modelsJson},"fields":${JSON.stringify(fields)}}`;
    if (Buffer.byteLength(json) > INDEX_MAX_BYTES) throw invalid(INDEX_TOO_LARGE);
    return json;
  }

  async function get(projectId: number, knownRevision: string, tokenIssued = false): Promise<MockIndexAnswer> {
    const project = await deps.findProject(projectId);
    if (!project) {
      forget(projectId);
      return { found: false, unchanged: false, revision: '', indexJson: '' };
    }
    const [head, saved, library] = await Promise.all([
      treeHeads(readStore).findOne({ _id: String(projectId) }),
      mockSettings(readStore).findOne({ _id: String(projectId) }),
      effectiveFields(readStore, project),
    ]);
    const settings = saved ?? defaultMockSettings(projectId);
    const fields = library.map(fieldOf);
    const fieldsHash = createHash('sha1').update(JSON.stringify(fields)).digest('base64url').slice(0, 12);
    let revision = `${head?.position ?? 0}.${settings.position}.${fieldsHash}`;
    if (knownRevision && knownRevision === revision) return { found: true, unchanged: true, revision, indexJson: '' };
    if (!(await caughtUp(head?.position ?? 0))) {
      // The tree's head is ahead of the documents or the mock config: what is built now may be older than the
      // revision says. Answered under a revision no later read can match, never cached nor kept in parts, so the
      // notice that follows the change (sent once every read model has it) makes the gateway fetch it again.
      revision = `${revision}~`;
      const json = await build(project, settings, fields, revision, false);
      return { found: true, unchanged: false, revision, indexJson: json };
    }
    const cached = cache.get(projectId);
    if (cached?.revision === revision) {
      remember(projectId, revision, cached.json);
      return { found: true, unchanged: false, revision, indexJson: cached.json };
    }
    if (settings.access === 'token' && !settings.token && !tokenIssued) {
      // Issuing moves the mock stream, so the revision is read again after it.
      await deps.issueToken(project);
      return get(projectId, knownRevision, true);
    }
    const json = await build(project, settings, fields, revision);
    remember(projectId, revision, json);
    return { found: true, unchanged: false, revision, indexJson: json };
  }

  return { get: (projectId: number, knownRevision: string) => get(projectId, knownRevision) };
}

export type MockIndexReads = ReturnType<typeof createMockIndex>;
