import { randomBytes } from 'node:crypto';
import { type Caller, forbidden, notFound } from '@pmbok/infra';
import { checkExpectations, type Expectation } from '../domain/mockConfig/expectations.js';
import {
  type MockAccess,
  type MockConfigCommand,
  mockConfigDecider,
  mockConfigStreamId,
} from '../domain/mockConfig/mockConfig.js';
import { messages } from '../domain/project/rules.js';
import {
  defaultMockSettings,
  type MockSettingsDoc,
  mockExpectations,
  mockSettings,
} from '../projections/mockConfig/index.js';
import type { ProjectDoc } from '../projections/projects/index.js';
import { structureNodes } from '../projections/tree/index.js';
import type { ProjectContext } from './context.js';
import { createMockIndex } from './mockIndex.js';

export const mockMessages = {
  apiNotFound: '接口不存在或已删除',
} as const;

/** `MockSettings` of gateway/src/schemas/mock.ts: the token for those who may write only. */
export const mockSettingsView = (doc: MockSettingsDoc, withToken: boolean) => ({
  projectId: doc.projectId,
  access: doc.access,
  token: withToken ? doc.token : '',
  validateRequests: doc.validateRequests,
  basePath: `/mock/${doc.projectId}`,
});

/** 32 URL-safe random characters (24 bytes as base64url). */
const newToken = () => randomBytes(24).toString('base64url');
const newExpectationId = () => randomBytes(6).toString('base64url');

/**
 * A project's mock settings with its token, made the first time it is needed (the settings of a writer, the
 * gateway's index, an API test run of the mock); the read model shows it once the command returns.
 */
export async function mockSettingsWithToken(
  context: Pick<ProjectContext, 'readStore' | 'runCommand'>,
  project: Pick<ProjectDoc, 'projectId' | 'teamId'>,
  caller: Partial<Caller> = {},
): Promise<MockSettingsDoc> {
  const settingsOf = async () =>
    (await mockSettings(context.readStore).findOne({ _id: String(project.projectId) })) ??
    defaultMockSettings(project.projectId);
  const settings = await settingsOf();
  if (settings.token) return settings;
  const data = { projectId: project.projectId, token: newToken(), reason: 'first' as const };
  await context.runCommand(
    mockConfigStreamId(project.projectId),
    mockConfigDecider,
    { type: 'IssueMockToken', data },
    caller,
    {
      teamId: project.teamId,
    },
  );
  return settingsOf();
}

/**
 * Mock settings and expectations (docs/api/mock-and-fields.md, "Mock settings and expectations"), and the
 * gateway's read of a project (`index`). Whoever sees the project reads; writers save expectations and see the
 * token; managers change the settings.
 */
export function createMockConfig(context: ProjectContext, serviceName: string) {
  const { readStore, runCommand } = context;

  const run = (
    project: Pick<ProjectDoc, 'projectId' | 'teamId'>,
    command: MockConfigCommand,
    caller: Partial<Caller>,
  ) =>
    runCommand(mockConfigStreamId(project.projectId), mockConfigDecider, command, caller, { teamId: project.teamId });

  const settingsOf = async (projectId: number) =>
    (await mockSettings(readStore).findOne({ _id: String(projectId) })) ?? defaultMockSettings(projectId);

  /** The first reader who needs a token makes it; the read model shows it once the command returns. */
  async function issueToken(project: ProjectDoc, caller: Partial<Caller> = {}) {
    await mockSettingsWithToken(context, project, caller);
  }

  const withToken = (project: ProjectDoc, caller: Partial<Caller>) => mockSettingsWithToken(context, project, caller);

  /** An api document of the project (not an API template): expectations belong to nothing else. */
  async function apiNode(projectId: number, projectStructureId: number) {
    const node =
      projectStructureId > 0 ? await structureNodes(readStore).findOne({ _id: String(projectStructureId) }) : null;
    if (node?.projectId !== projectId || node.kind !== 'api' || node.isTemplate) {
      throw notFound(mockMessages.apiNotFound);
    }
    return node;
  }

  const index = createMockIndex(readStore, {
    serviceName,
    findProject: context.findProject,
    issueToken: (project) => issueToken(project),
  });

  return {
    index,

    async settings(projectId: number, caller: Caller) {
      const access = await context.readable(projectId, caller);
      if (!access.canWrite) return mockSettingsView(await settingsOf(projectId), false);
      return mockSettingsView(await withToken(access.project, caller), true);
    },

    async saveSettings(
      projectId: number,
      input: { access?: MockAccess; validateRequests?: boolean; resetToken?: boolean },
      caller: Caller,
    ) {
      const access = await context.readable(projectId, caller);
      if (!access.canManage) throw forbidden(access.canWrite ? messages.notManager : messages.readOnly);
      const { project } = access;
      const { access: mode, validateRequests } = input;
      await run(project, { type: 'SaveMockSettings', data: { projectId, access: mode, validateRequests } }, caller);
      if (input.resetToken) {
        await run(project, { type: 'IssueMockToken', data: { projectId, token: newToken(), reason: 'reset' } }, caller);
      }
      return mockSettingsView(await withToken(project, caller), true);
    },

    async expectations(projectId: number, projectStructureId: number, caller: Caller): Promise<Expectation[]> {
      await context.readable(projectId, caller);
      await apiNode(projectId, projectStructureId);
      const doc = await mockExpectations(readStore).findOne({ _id: String(projectStructureId) });
      return doc?.projectId === projectId ? doc.expectations : [];
    },

    async saveExpectations(projectId: number, projectStructureId: number, value: unknown, caller: Caller) {
      const { project } = await context.writable(projectId, caller);
      await apiNode(projectId, projectStructureId);
      const before = await mockExpectations(readStore).findOne({ _id: String(projectStructureId) });
      const known = new Set((before?.expectations ?? []).map((expectation) => expectation.id));
      const expectations = checkExpectations(value, known, newExpectationId);
      const data = { projectId, projectStructureId, expectations };
      await run(project, { type: 'SaveMockExpectations', data }, caller);
      return expectations;
    },
  };
}

export type MockConfigUseCases = ReturnType<typeof createMockConfig>;
