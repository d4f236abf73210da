import { invalid, signedInCaller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import { createMockConfig } from './application/mockConfig.js';
import type { PublishingDeps } from './grpcPublishing.js';

/** The mock rpcs (docs/api/mock-and-fields.md, "Mock settings and expectations", `GetMockIndex`). */
export type MockCallName =
  | 'getMockSettings'
  | 'saveMockSettings'
  | 'listMockExpectations'
  | 'saveMockExpectations'
  | 'getMockIndex';

const ACCESS = ['token', 'public'] as const;

function parsedList(json: string): unknown {
  try {
    return JSON.parse(json || '[]');
  } catch {
    throw invalid('期望列表不是正确的 JSON');
  }
}

export function mockCalls({
  context,
  service,
}: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, MockCallName> {
  const mock = createMockConfig(context, service.name);
  const who = signedInCaller;
  return {
    getMockSettings: async (r, c) => ({ settingsJson: JSON.stringify(await mock.settings(r.projectId, who(c))) }),
    saveMockSettings: async (r, c) => {
      if (r.access && !ACCESS.includes(r.access as never)) throw invalid('访问方式只能是 token 或 public');
      if (![0, 1, 2].includes(r.validateRequests)) throw invalid('请求校验只能是开或关');
      const input = {
        access: (r.access || undefined) as (typeof ACCESS)[number] | undefined,
        validateRequests: r.validateRequests === 0 ? undefined : r.validateRequests === 1,
        resetToken: r.resetToken,
      };
      return { settingsJson: JSON.stringify(await mock.saveSettings(r.projectId, input, who(c))) };
    },
    listMockExpectations: async (r, c) => ({
      expectationsJson: JSON.stringify(await mock.expectations(r.projectId, r.projectStructureId, who(c))),
    }),
    saveMockExpectations: async (r, c) => {
      const saved = await mock.saveExpectations(
        r.projectId,
        r.projectStructureId,
        parsedList(r.expectationsJson),
        who(c),
      );
      return { expectationsJson: JSON.stringify(saved) };
    },
    // The gateway's read, with no caller: the index carries the access rule and the token the gateway checks.
    getMockIndex: (r) => mock.index.get(r.projectId, r.knownRevision),
  };
}
