import { type DomainEvent, streamId } from '@pmbok/infra';
import type { TestScenarioContent } from '@pmbok/runner';

/**
 * A test scenario of a project (stream `projectTestScenario-<testScenarioId>`): ordered steps with their variables,
 * data and default environment, versioned; every event carries the whole content.
 */
export interface TestScenarioData {
  testScenarioId: number;
  projectId: number;
  name: string;
  description: string;
  content: TestScenarioContent;
}

export type TestScenarioCreated = DomainEvent<
  'TestScenarioCreated',
  TestScenarioData & { createdBy: number; createdAt: number }
>;
export type TestScenarioSaved = DomainEvent<
  'TestScenarioSaved',
  TestScenarioData & { version: number; baseVersion: number; savedBy: number; savedAt: number }
>;
export type TestScenarioDeleted = DomainEvent<
  'TestScenarioDeleted',
  { testScenarioId: number; projectId: number; deletedBy: number; deletedAt: number }
>;
export type TestScenarioEvent = TestScenarioCreated | TestScenarioSaved | TestScenarioDeleted;

export type ExistingTestScenario = TestScenarioData & {
  status: 'active';
  version: number;
  updatedBy: number;
  updatedAt: number;
};
export type TestScenario = { status: 'none' } | { status: 'deleted'; projectId: number } | ExistingTestScenario;

export const testScenarioStreamId = (testScenarioId: number) => streamId('projectTestScenario', testScenarioId);

export const initialTestScenario = (): TestScenario => ({ status: 'none' });

export function evolveTestScenario(state: TestScenario, event: TestScenarioEvent): TestScenario {
  switch (event.type) {
    case 'TestScenarioCreated': {
      const { createdBy, createdAt, ...data } = event.data;
      return { ...data, status: 'active', version: 1, updatedBy: createdBy, updatedAt: createdAt };
    }
    case 'TestScenarioSaved': {
      if (state.status !== 'active') return state;
      const { baseVersion: _base, savedBy, savedAt, ...data } = event.data;
      return { ...state, ...data, updatedBy: savedBy, updatedAt: savedAt };
    }
    case 'TestScenarioDeleted':
      return { status: 'deleted', projectId: event.data.projectId };
  }
}
