import type { DataField, DataFieldPage, MockExpectation, MockSettings } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { isLocalKnowledge, isValidProjectId, knowledgeCall } from '../transport';

/**
 * The mock settings and expectation calls of docs/api/mock-and-fields.md, the field library's search as the editor's
 * suggestions use it, and the mock server itself as the try panel calls it. The screens of console/src/knowledge/mock
 * import from here only.
 */

export type { DataField, MockCondition, MockExpectation, MockSettings } from '@pmbok/api-types';

/** Query keys: everything mock of one project sits under ['knowledgeMock', id]. */
export const mockKeys = {
  project: (projectId: number) => ['knowledgeMock', projectId] as const,
  settings: (projectId: number) => ['knowledgeMock', projectId, 'settings'] as const,
  expectations: (projectId: number, projectStructureId: number) =>
    ['knowledgeMock', projectId, 'expectations', projectStructureId] as const,
  fields: (projectId: number, keyword: string) => ['knowledgeMock', projectId, 'fields', keyword] as const,
};

export const mockApi = {
  settings: (projectId: number) => knowledgeCall<MockSettings>('mockSettings', { projectId }, { notify: false }),
  saveSettings: (
    projectId: number,
    change: { access?: MockSettings['access']; validateRequests?: boolean; resetToken?: boolean },
  ) =>
    knowledgeCall<MockSettings>('saveMockSettings', {
      projectId,
      access: change.access,
      validateRequests: change.validateRequests === undefined ? undefined : change.validateRequests ? 1 : 0,
      resetToken: change.resetToken ? 1 : undefined,
    }),
  expectations: (projectId: number, projectStructureId: number) =>
    knowledgeCall<MockExpectation[]>('mockExpectations', { projectId, projectStructureId }, { notify: false }),
  saveExpectations: (projectId: number, projectStructureId: number, expectations: MockExpectation[]) =>
    knowledgeCall<MockExpectation[]>('saveMockExpectations', {
      projectId,
      projectStructureId,
      expectations: JSON.stringify(expectations),
    }),
  searchFields: (projectId: number, keyword: string) =>
    knowledgeCall<DataFieldPage>(
      'searchDataField',
      { projectId, scope: 'project', keyword, page: 1, size: 20 },
      { notify: false },
    ),
};

/** The mock exists only for a project on the server: a local project has no server to answer for it. */
export const hasMock = (projectId: number) => isValidProjectId(projectId) && !isLocalKnowledge();

export function useMockSettings(projectId: number, enabled = true) {
  return useQuery({
    queryKey: mockKeys.settings(projectId),
    queryFn: () => mockApi.settings(projectId),
    enabled: enabled && hasMock(projectId),
    retry: false,
    staleTime: 30_000,
  });
}

export function useMockExpectations(projectId: number, projectStructureId: number) {
  return useQuery({
    queryKey: mockKeys.expectations(projectId, projectStructureId),
    queryFn: () => mockApi.expectations(projectId, projectStructureId),
    enabled: hasMock(projectId) && projectStructureId > 0,
    retry: false,
  });
}

/** The mock's address for a project on this server, as the settings give it (`/mock/<id>`) or built from the id. */
export const mockBaseUrl = (projectId: number, settings?: Pick<MockSettings, 'basePath'>, origin = location.origin) =>
  `${origin}${settings?.basePath || `/mock/${projectId}`}`;

/** The header a token-protected mock wants; nothing for a public one or a reader without the token. */
export const mockTokenHeader = (settings?: Pick<MockSettings, 'access' | 'token'>): [string, string][] =>
  settings && settings.access === 'token' && settings.token ? [['X-Mock-Token', settings.token]] : [];

/** What the mock answered, as the try panel shows it. */
export interface MockReply {
  status: number;
  statusText: string;
  headers: [string, string][];
  body: string;
  /** The body re-indented when it is JSON. */
  pretty: string;
  ms: number;
  /** X-Pmbok-Mock: where the body came from (example, generated, template, expectation). */
  source: string;
  /** X-Pmbok-Mock-Error: validation, document… */
  error: string;
}

export interface MockRequest {
  method: string;
  url: string;
  headers: [string, string][];
  body: string | null;
}

export function prettyBody(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    return text;
  }
}

/** Sends one request to the mock; a network failure answers status 0 with the reason as the body. */
export async function sendMock(request: MockRequest, now: () => number = () => performance.now()): Promise<MockReply> {
  const started = now();
  const method = request.method.toUpperCase();
  try {
    const response = await fetch(request.url, {
      method,
      headers: request.headers.filter(([name]) => name.trim() !== ''),
      body: method === 'GET' || method === 'HEAD' || request.body === null ? undefined : request.body,
      credentials: 'omit',
    });
    const body = await response.text();
    const headers = [...response.headers.entries()];
    return {
      status: response.status,
      statusText: response.statusText,
      headers,
      body,
      pretty: prettyBody(body),
      ms: Math.round(now() - started),
      source: response.headers.get('x-pmbok-mock') ?? '',
      error: response.headers.get('x-pmbok-mock-error') ?? '',
    };
  } catch (error) {
    const message = (error as Error).message;
    return {
      status: 0,
      statusText: '',
      headers: [],
      body: message,
      pretty: message,
      ms: Math.round(now() - started),
      source: '',
      error: 'network',
    };
  }
}

/** Library fields for a typed name: the prefix matches first, then the rest as the server found them. */
export function rankSuggestions(fields: DataField[], typed: string): DataField[] {
  const prefix = typed.trim().toLowerCase();
  const score = (field: DataField) => {
    const name = field.name.toLowerCase();
    if (name === prefix) return 0;
    if (name.startsWith(prefix)) return 1;
    if (field.aliases.some((alias) => alias.toLowerCase().startsWith(prefix))) return 2;
    return 3;
  };
  return fields
    .map((field, index) => ({ field, index, score: score(field) }))
    .sort((a, b) => a.score - b.score || a.index - b.index)
    .map((entry) => entry.field);
}
