import { invalid } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import type { PublishingDeps } from './grpcPublishing.js';

/** The mock rpcs (docs/api/mock-and-fields.md, "Mock settings and expectations", `GetMockIndex`). */
export type MockCallName =
  | 'getMockSettings'
  | 'saveMockSettings'
  | 'listMockExpectations'
  | 'saveMockExpectations'
  | 'getMockIndex';

export function mockCalls(_deps: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, MockCallName> {
  const todo = async (): Promise<never> => {
    throw invalid('Mock 服务尚未上线');
  };
  return {
    getMockSettings: todo,
    saveMockSettings: todo,
    listMockExpectations: todo,
    saveMockExpectations: todo,
    getMockIndex: todo,
  };
}
