import { conflict, type Decider, invalid, notFound } from '@pmbok/infra';
import type { TestCaseContent } from '@pmbok/runner';
import {
  type ExistingTestCase,
  evolveTestCase,
  initialTestCase,
  type TestCase,
  type TestCaseData,
  type TestCaseEvent,
} from './testCase.js';

export const testCaseMessages = {
  notFound: '用例不存在或已删除',
  conflict: '用例已被他人修改，请刷新后再保存',
  name: '用例名称为 1–100 个字符',
} as const;

type Meta = { metadata: { actorId: number; now: number } };
/** `content` is checked by the use case (domain/testCase/content.ts) before the command. */
export type CreateTestCase = { type: 'CreateTestCase'; data: TestCaseData } & Meta;
/** `baseVersion` 0: saved over whatever is there. */
export type SaveTestCase = {
  type: 'SaveTestCase';
  data: { name: string; content: TestCaseContent; baseVersion: number };
} & Meta;
export type DeleteTestCase = { type: 'DeleteTestCase' } & Meta;
export type TestCaseCommand = CreateTestCase | SaveTestCase | DeleteTestCase;

export function checkedName(name: string, message: string): string {
  const trimmed = name.trim();
  if (trimmed.length < 1 || [...trimmed].length > 100) throw invalid(message);
  return trimmed;
}

const active = (state: TestCase): ExistingTestCase => {
  if (state.status !== 'active') throw notFound(testCaseMessages.notFound);
  return state;
};

function create({ data, metadata }: CreateTestCase, state: TestCase): TestCaseEvent[] {
  if (state.status !== 'none') return [];
  const name = checkedName(data.name, testCaseMessages.name);
  return [{ type: 'TestCaseCreated', data: { ...data, name, createdBy: metadata.actorId, createdAt: metadata.now } }];
}

function save({ data, metadata }: SaveTestCase, state: TestCase): TestCaseEvent[] {
  const testCase = active(state);
  const name = checkedName(data.name, testCaseMessages.name);
  // Saving what is already there changes nothing, whichever version it was based on.
  if (name === testCase.name && JSON.stringify(data.content) === JSON.stringify(testCase.content)) return [];
  if (data.baseVersion && data.baseVersion !== testCase.version) throw conflict(testCaseMessages.conflict);
  const { testCaseId, projectId, version } = testCase;
  return [
    {
      type: 'TestCaseSaved',
      data: {
        testCaseId,
        projectId,
        version: version + 1,
        baseVersion: version,
        name,
        content: data.content,
        savedBy: metadata.actorId,
        savedAt: metadata.now,
      },
    },
  ];
}

export function decideTestCase(command: TestCaseCommand, state: TestCase): TestCaseEvent[] {
  switch (command.type) {
    case 'CreateTestCase':
      return create(command, state);
    case 'SaveTestCase':
      return save(command, state);
    case 'DeleteTestCase': {
      const { testCaseId, projectId } = active(state);
      const { actorId, now } = command.metadata;
      return [{ type: 'TestCaseDeleted', data: { testCaseId, projectId, deletedBy: actorId, deletedAt: now } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const testCaseDecider: Decider<TestCase, TestCaseCommand, TestCaseEvent> = {
  decide: decideTestCase,
  evolve: evolveTestCase,
  initialState: initialTestCase,
};
