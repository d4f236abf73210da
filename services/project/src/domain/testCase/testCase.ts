import { type DomainEvent, streamId } from '@pmbok/infra';
import type { TestCaseContent } from '@pmbok/runner';

/**
 * A test case of an api document (stream `projectTestCase-<testCaseId>`): its name and content, versioned. Every
 * event carries the whole content, so the read model and the history need nothing else.
 */
export interface TestCaseData {
  testCaseId: number;
  projectId: number;
  /** The api node it belongs to, and that node's document; kept when the document is deleted. */
  projectStructureId: number;
  projectDocId: number;
  name: string;
  content: TestCaseContent;
}

export type TestCaseCreated = DomainEvent<'TestCaseCreated', TestCaseData & { createdBy: number; createdAt: number }>;
export type TestCaseSaved = DomainEvent<
  'TestCaseSaved',
  {
    testCaseId: number;
    projectId: number;
    /** baseVersion + 1. */
    version: number;
    baseVersion: number;
    name: string;
    content: TestCaseContent;
    savedBy: number;
    savedAt: number;
  }
>;
export type TestCaseDeleted = DomainEvent<
  'TestCaseDeleted',
  { testCaseId: number; projectId: number; deletedBy: number; deletedAt: number }
>;
export type TestCaseEvent = TestCaseCreated | TestCaseSaved | TestCaseDeleted;

export type ExistingTestCase = TestCaseData & {
  status: 'active';
  version: number;
  updatedBy: number;
  updatedAt: number;
};
export type TestCase = { status: 'none' } | { status: 'deleted'; projectId: number } | ExistingTestCase;

export const testCaseStreamId = (testCaseId: number) => streamId('projectTestCase', testCaseId);

export const initialTestCase = (): TestCase => ({ status: 'none' });

export function evolveTestCase(state: TestCase, event: TestCaseEvent): TestCase {
  switch (event.type) {
    case 'TestCaseCreated': {
      const { createdBy, createdAt, ...data } = event.data;
      return { ...data, status: 'active', version: 1, updatedBy: createdBy, updatedAt: createdAt };
    }
    case 'TestCaseSaved': {
      if (state.status !== 'active') return state;
      const { version, name, content, savedBy, savedAt } = event.data;
      return { ...state, version, name, content, updatedBy: savedBy, updatedAt: savedAt };
    }
    case 'TestCaseDeleted':
      return { status: 'deleted', projectId: event.data.projectId };
  }
}
