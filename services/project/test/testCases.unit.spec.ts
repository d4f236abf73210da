import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import type { TestCaseContent, TestScenarioContent } from '@pmbok/runner';
import { describe, expect, it } from 'vitest';
import { testCaseDecider } from '../src/domain/testCase/businessLogic.js';
import { checkCaseContent } from '../src/domain/testCase/content.js';
import { jsonPathProblem } from '../src/domain/testCase/fields.js';
import type { TestCaseEvent } from '../src/domain/testCase/testCase.js';
import { testScenarioDecider } from '../src/domain/testScenario/businessLogic.js';
import { checkScenarioContent, cycleThrough } from '../src/domain/testScenario/content.js';
import type { TestScenarioEvent } from '../src/domain/testScenario/testScenario.js';

const metadata = { actorId: 7, now: 1_000 };
const body = (url: string): TestCaseContent => ({
  request: { method: 'GET', url },
  assertions: [],
  extractions: [],
  preScript: '',
  testScript: '',
});
const data = { testCaseId: 5, projectId: 1, projectStructureId: 2, projectDocId: 3, name: '查询', content: body('/a') };
const created: TestCaseEvent = { type: 'TestCaseCreated', data: { ...data, createdBy: 7, createdAt: 900 } };
const saved = (version: number, url: string): TestCaseEvent => ({
  type: 'TestCaseSaved',
  data: {
    testCaseId: 5,
    projectId: 1,
    version,
    baseVersion: version - 1,
    name: '查询',
    content: body(url),
    savedBy: 7,
    savedAt: 1_000,
  },
});

describe('the projectTestCase aggregate', () => {
  const spec = deciderSpec(testCaseDecider);
  const save = (url: string, baseVersion: number) =>
    ({ type: 'SaveTestCase', data: { name: '查询', content: body(url), baseVersion }, metadata }) as const;

  describe('when it does not exist', () => {
    it('is created once, with the whole content', () => {
      spec
        .given([])
        .when({ type: 'CreateTestCase', data: { ...data, name: ' 查询 ' }, metadata })
        .then([{ type: 'TestCaseCreated', data: { ...data, createdBy: 7, createdAt: 1_000 } }]);
      spec.given([created]).when({ type: 'CreateTestCase', data, metadata }).then([]);
    });
    it('cannot be saved or deleted', () => {
      spec.given([]).when(save('/b', 1)).thenThrows(DomainError, '用例不存在或已删除');
      spec.given([]).when({ type: 'DeleteTestCase', metadata }).thenThrows(DomainError, '用例不存在或已删除');
    });
  });

  describe('when it exists', () => {
    it('saves on its version, refuses an older base, and records nothing for no change', () => {
      spec
        .given([created])
        .when(save('/b', 1))
        .then([saved(2, '/b')]);
      spec
        .given([created, saved(2, '/b')])
        .when(save('/c', 1))
        .thenThrows(DomainError, '用例已被他人修改，请刷新后再保存');
      spec
        .given([created, saved(2, '/b')])
        .when(save('/b', 1))
        .then([]);
      // No base version: over whatever is there.
      spec
        .given([created, saved(2, '/b')])
        .when(save('/c', 0))
        .then([saved(3, '/c')]);
    });
    it('refuses an empty or long name', () => {
      const named = (name: string) =>
        ({ type: 'SaveTestCase', data: { name, content: body('/a'), baseVersion: 1 }, metadata }) as const;
      spec.given([created]).when(named('  ')).thenThrows(DomainError, '用例名称为 1–100 个字符');
      spec
        .given([created])
        .when(named('名'.repeat(101)))
        .thenThrows(DomainError, '用例名称为 1–100 个字符');
    });
    it('is deleted once', () => {
      const deleted: TestCaseEvent = {
        type: 'TestCaseDeleted',
        data: { testCaseId: 5, projectId: 1, deletedBy: 7, deletedAt: 1_000 },
      };
      spec.given([created]).when({ type: 'DeleteTestCase', metadata }).then([deleted]);
      spec.given([created, deleted]).when({ type: 'DeleteTestCase', metadata }).thenThrows(DomainError);
    });
  });
});

describe('the projectTestScenario aggregate', () => {
  const spec = deciderSpec(testScenarioDecider);
  const content: TestScenarioContent = {
    steps: [{ id: 'a', kind: 'wait', ms: 1 }],
    stopOnFailure: true,
    projectConfigId: 0,
    variables: [],
    data: null,
  };
  const scenario = { testScenarioId: 9, projectId: 1, name: '冒烟', description: '', content };
  const made: TestScenarioEvent = { type: 'TestScenarioCreated', data: { ...scenario, createdBy: 7, createdAt: 900 } };
  const save = (description: string, baseVersion: number) =>
    ({ type: 'SaveTestScenario', data: { name: '冒烟', description, content, baseVersion }, metadata }) as const;

  it('is created, saved on its version and deleted', () => {
    spec
      .given([])
      .when({ type: 'CreateTestScenario', data: scenario, metadata })
      .then([{ type: 'TestScenarioCreated', data: { ...scenario, createdBy: 7, createdAt: 1_000 } }]);
    const changed: TestScenarioEvent = {
      type: 'TestScenarioSaved',
      data: { ...scenario, description: '新说明', version: 2, baseVersion: 1, savedBy: 7, savedAt: 1_000 },
    };
    spec.given([made]).when(save('新说明', 1)).then([changed]);
    spec.given([made, changed]).when(save('再改', 1)).thenThrows(DomainError, '场景已被他人修改，请刷新后再保存');
    spec
      .given([made])
      .when(save('说'.repeat(501), 1))
      .thenThrows(DomainError, '场景说明最多 500 个字符');
    spec
      .given([made])
      .when({ type: 'DeleteTestScenario', metadata })
      .then([
        { type: 'TestScenarioDeleted', data: { testScenarioId: 9, projectId: 1, deletedBy: 7, deletedAt: 1_000 } },
      ]);
  });
});

describe('content checks', () => {
  let n = 0;
  const newId = () => `id${++n}`;

  it('gives checks without an id one, keeps given ids once, and fills the defaults', () => {
    const checked = checkCaseContent(
      {
        request: { method: 'post', url: ' /x ' },
        assertions: [
          { id: 'keep', source: 'status', operator: 'equals', expected: '200' },
          { id: 'keep', source: 'status', operator: 'equals', expected: '201' },
        ],
      },
      newId,
    );
    expect(checked).toEqual({
      request: { method: 'POST', url: '/x' },
      assertions: [
        { id: 'keep', source: 'status', operator: 'equals', expected: '200' },
        { id: expect.stringMatching(/^id\d+$/), source: 'status', operator: 'equals', expected: '201' },
      ],
      extractions: [],
      preScript: '',
      testScript: '',
    });
  });

  it('reads JSON paths as the runner does', () => {
    for (const ok of [
      '$',
      '$.data.items[0].id',
      "$['a b'].c",
      '$..id',
      '$.a[*]',
      '$.a[-1]',
      '$.a[0:2]',
      '$.a[?(@.x > 1)]',
      '$.a[{{i}}]',
    ])
      expect(jsonPathProblem(ok), ok).toBeUndefined();
    for (const bad of ['data.id', '$.', '$.a[', '$.a[b]', '$ .a', "$['a]"])
      expect(jsonPathProblem(bad), bad).toBeDefined();
  });

  it('names what a scenario’s steps refer to, and refuses what the project does not have', () => {
    const refs = { caseIds: new Set([1, 2]), scenarioIds: new Set([10]), environmentIds: new Set([77]) };
    const value = {
      steps: [
        { kind: 'case', caseKey: '1' },
        { id: 'l', kind: 'loop', overVariable: 'items', steps: [{ kind: 'scenario', scenarioKey: '10' }] },
      ],
      projectConfigId: 77,
    };
    const checked = checkScenarioContent(value, refs, newId);
    expect(checked.caseIds).toEqual([1]);
    expect(checked.scenarioIds).toEqual([10]);
    expect(checked.content).toMatchObject({ stopOnFailure: true, projectConfigId: 77, variables: [], data: null });
    expect(() => checkScenarioContent({ steps: [{ kind: 'case', caseKey: '3' }] }, refs, newId)).toThrow(
      '第 1 步的用例不存在或已删除',
    );
    expect(() =>
      checkScenarioContent(
        { steps: [{ kind: 'if', condition: { left: 'a', operator: 'is' }, steps: [] }] },
        refs,
        newId,
      ),
    ).toThrow(/^第 1 步的条件的运算符只能是/);
  });

  it('finds a cycle through the saved scenario, and only through it', () => {
    const names = new Map([
      [1, '登录流程'],
      [2, '下单'],
      [3, '支付'],
    ]);
    const nameOf = (id: number) => names.get(id) ?? '';
    expect(
      cycleThrough(
        1,
        new Map([
          [1, [2]],
          [2, [3]],
          [3, [1]],
        ]),
        nameOf,
      ),
    ).toBe('登录流程 → 下单 → 支付 → 登录流程');
    expect(
      cycleThrough(
        1,
        new Map([
          [1, [2, 3]],
          [2, [3]],
          [3, []],
        ]),
        nameOf,
      ),
    ).toBeUndefined();
    // A cycle elsewhere is not this save's.
    expect(
      cycleThrough(
        1,
        new Map([
          [1, [2]],
          [2, [3]],
          [3, [2]],
        ]),
        nameOf,
      ),
    ).toBeUndefined();
  });
});
