import { conflict, type Decider, invalid, notFound } from '@pmbok/infra';
import type { TestScenarioContent } from '@pmbok/runner';
import { checkedName } from '../testCase/businessLogic.js';
import {
  type ExistingTestScenario,
  evolveTestScenario,
  initialTestScenario,
  type TestScenario,
  type TestScenarioData,
  type TestScenarioEvent,
} from './testScenario.js';

export const testScenarioMessages = {
  notFound: '场景不存在或已删除',
  conflict: '场景已被他人修改，请刷新后再保存',
  name: '场景名称为 1–100 个字符',
  description: '场景说明最多 500 个字符',
  usedBy: (name: string, user: string) => `场景「${name}」被场景「${user}」引用，不能删除`,
} as const;

type Meta = { metadata: { actorId: number; now: number } };
/** The content and its references are checked by the use case (they need the project's other scenarios). */
export type CreateTestScenario = { type: 'CreateTestScenario'; data: TestScenarioData } & Meta;
export type SaveTestScenario = {
  type: 'SaveTestScenario';
  data: { name: string; description: string; content: TestScenarioContent; baseVersion: number };
} & Meta;
export type DeleteTestScenario = { type: 'DeleteTestScenario' } & Meta;
export type TestScenarioCommand = CreateTestScenario | SaveTestScenario | DeleteTestScenario;

const active = (state: TestScenario): ExistingTestScenario => {
  if (state.status !== 'active') throw notFound(testScenarioMessages.notFound);
  return state;
};

function described(description: string): string {
  const trimmed = description.trim();
  if ([...trimmed].length > 500) throw invalid(testScenarioMessages.description);
  return trimmed;
}

function create({ data, metadata }: CreateTestScenario, state: TestScenario): TestScenarioEvent[] {
  if (state.status !== 'none') return [];
  const name = checkedName(data.name, testScenarioMessages.name);
  const description = described(data.description);
  const { actorId: createdBy, now: createdAt } = metadata;
  return [{ type: 'TestScenarioCreated', data: { ...data, name, description, createdBy, createdAt } }];
}

function save({ data, metadata }: SaveTestScenario, state: TestScenario): TestScenarioEvent[] {
  const scenario = active(state);
  const name = checkedName(data.name, testScenarioMessages.name);
  const description = described(data.description);
  const same =
    name === scenario.name &&
    description === scenario.description &&
    JSON.stringify(data.content) === JSON.stringify(scenario.content);
  if (same) return [];
  if (data.baseVersion && data.baseVersion !== scenario.version) throw conflict(testScenarioMessages.conflict);
  const { testScenarioId, projectId, version } = scenario;
  return [
    {
      type: 'TestScenarioSaved',
      data: {
        testScenarioId,
        projectId,
        name,
        description,
        content: data.content,
        version: version + 1,
        baseVersion: version,
        savedBy: metadata.actorId,
        savedAt: metadata.now,
      },
    },
  ];
}

export function decideTestScenario(command: TestScenarioCommand, state: TestScenario): TestScenarioEvent[] {
  switch (command.type) {
    case 'CreateTestScenario':
      return create(command, state);
    case 'SaveTestScenario':
      return save(command, state);
    case 'DeleteTestScenario': {
      const { testScenarioId, projectId } = active(state);
      const { actorId, now } = command.metadata;
      return [{ type: 'TestScenarioDeleted', data: { testScenarioId, projectId, deletedBy: actorId, deletedAt: now } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export const testScenarioDecider: Decider<TestScenario, TestScenarioCommand, TestScenarioEvent> = {
  decide: decideTestScenario,
  evolve: evolveTestScenario,
  initialState: initialTestScenario,
};
