import { fold } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { checkExpectations } from '../src/domain/mockConfig/expectations.js';
import { type MockConfigEvent, mockConfigDecider } from '../src/domain/mockConfig/mockConfig.js';

const { decide } = mockConfigDecider;
const state = (...events: MockConfigEvent[]) => fold(mockConfigDecider, events);
const issued = (token: string, reason: 'first' | 'reset' = 'first'): MockConfigEvent => ({
  type: 'MockTokenIssued',
  data: { projectId: 1, token, reason },
});

describe('the projectMock aggregate', () => {
  it('issues the first token once; a reset always issues a new one', () => {
    const first = { type: 'IssueMockToken', data: { projectId: 1, token: 'a'.repeat(32), reason: 'first' } } as const;
    expect(decide(first, state())).toEqual([issued('a'.repeat(32))]);
    // Two first reads at once: the later finds the token and adds nothing.
    expect(decide({ ...first, data: { ...first.data, token: 'b'.repeat(32) } }, state(issued('a'.repeat(32))))).toEqual(
      [],
    );
    const reset = { type: 'IssueMockToken', data: { projectId: 1, token: 'c'.repeat(32), reason: 'reset' } } as const;
    expect(decide(reset, state(issued('a'.repeat(32))))).toEqual([issued('c'.repeat(32), 'reset')]);
    expect(state(issued('a'.repeat(32)), issued('c'.repeat(32), 'reset')).token).toBe('c'.repeat(32));
  });

  it('records what a settings save changed, and nothing for a save that changes nothing', () => {
    const save = (data: object) => ({ type: 'SaveMockSettings', data: { projectId: 1, ...data } }) as const;
    expect(decide(save({ access: 'token', validateRequests: true }), state())).toEqual([]);
    expect(decide(save({ access: 'public' }), state())).toEqual([
      {
        type: 'MockSettingsSaved',
        data: {
          projectId: 1,
          access: 'public',
          validateRequests: true,
          changes: [{ field: 'access', before: 'token', after: 'public' }],
        },
      },
    ]);
  });

  it('replaces a document’s list; the same list again is no change, an empty one clears it', () => {
    const list = checkExpectations([{ name: 'a', response: {} }], new Set(), () => 'id1');
    const save = (expectations: unknown[]) =>
      ({ type: 'SaveMockExpectations', data: { projectId: 1, projectStructureId: 9, expectations } }) as never;
    const [saved] = decide(save(list), state());
    expect(saved).toMatchObject({ type: 'MockExpectationsSaved' });
    const after = state(saved!);
    expect(after.expectations.get(9)).toEqual(list);
    expect(decide(save(list), after)).toEqual([]);
    const [cleared] = decide(save([]), after);
    expect(state(saved!, cleared!).expectations.has(9)).toBe(false);
  });
});

describe('checkExpectations', () => {
  it('fills the defaults and keeps known ids once', () => {
    let n = 0;
    const next = () => `new${++n}`;
    const checked = checkExpectations(
      [
        { id: 'keep', name: ' 甲 ', response: { status: 201 } },
        { id: 'keep', name: '乙', response: {} },
        { id: 'unknown', name: '丙', enabled: false, response: { bodyType: 'text', text: 'ok', body: { x: 1 } } },
      ],
      new Set(['keep']),
      next,
    );
    expect(checked.map((e) => [e.id, e.name, e.enabled])).toEqual([
      ['keep', '甲', true],
      ['new1', '乙', true],
      ['new2', '丙', false],
    ]);
    expect(checked[0]!.response).toEqual({
      status: 201,
      headers: [],
      bodyType: 'example',
      body: null,
      text: '',
      delayMs: 0,
    });
    expect(checked[2]!.response).toMatchObject({ bodyType: 'text', text: 'ok', body: null });
  });

  it('accepts each operator with a value of its kind', () => {
    const conditions = [
      { source: 'query', name: 'id', operator: 'equals', value: '0' },
      { source: 'header', name: 'X-Env', operator: 'notExists', value: 'x' },
      { source: 'body', name: 'items.0.sku', operator: 'matches', value: '^A\\d+$' },
      { source: 'query', name: 'n', operator: 'greaterThan', value: '-1.5' },
      { source: 'path', name: 'petId', operator: 'in', value: '1,2,3' },
    ];
    const [checked] = checkExpectations([{ name: 'x', conditions, response: {} }], new Set(), () => 'i');
    expect(checked!.conditions.map((c) => c.value)).toEqual(['0', '', '^A\\d+$', '-1.5', '1,2,3']);
  });
});
