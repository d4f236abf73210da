import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DomainError, fold } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { type ExistingNode, matchImport } from '../src/application/importMatch.js';
import { checkContent, emptyContent } from '../src/domain/doc/content.js';
import {
  importSchedulesDecider,
  type ScheduleData,
  scheduleMessages,
} from '../src/domain/importSchedule/importSchedule.js';
import { treeDecider, treeNodes } from '../src/domain/tree/businessLogic.js';
import { treeMessages } from '../src/domain/tree/rules.js';
import type { TreeEvent } from '../src/domain/tree/tree.js';
import { parseImport } from '../src/interchange/import/index.js';
import type { ImportPlan, PlannedNode } from '../src/interchange/model.js';

const api = (name: string, folderPath: string[], method: string, path: string, extra: object = {}): PlannedNode => ({
  kind: 'api',
  name,
  folderPath,
  content: { ...emptyContent('api', { method, path }), ...extra },
});
const plan = (nodes: PlannedNode[], more: Partial<ImportPlan> = {}): ImportPlan => ({
  format: 'openapi',
  formatVersion: '3.1.0',
  title: 't',
  description: '',
  servers: [],
  nodes,
  problems: [],
  scripts: [],
  ...more,
});
const existing = (nodes: Partial<ExistingNode>[]): ExistingNode[] =>
  nodes.map((node, i) => ({
    nodeId: i + 1,
    parentId: 0,
    kind: 'api',
    name: `n${i + 1}`,
    docId: node.kind === 'folder' ? 0 : 100 + i,
    method: '',
    path: '',
    version: 3,
    ...node,
  }));

describe('matching an import against a project', () => {
  it('adds what is new (with its folders), keeps what is the same, changes what differs', () => {
    const same = checkContent('api', emptyContent('api', { method: 'GET', path: '/pets/{id}' }));
    const remove = checkContent('api', emptyContent('api', { method: 'DELETE', path: '/pets/{id}' }));
    const project = existing([
      { kind: 'folder', name: '宠物' },
      { kind: 'api', parentId: 1, name: '查看', method: 'GET', path: '/pets/{id}', content: same },
      { kind: 'api', parentId: 1, name: '删除', method: 'DELETE', path: '/pets/{id}', content: remove, version: 7 },
    ]);
    const match = matchImport(
      plan([
        // The same operation, its path parameter named otherwise: kept.
        api('查看宠物', ['宠物'], 'GET', '/pets/{petId}', { path: '/pets/{id}' }),
        api('删除宠物', ['宠物'], 'DELETE', '/pets/{id}', { description: '删除一只宠物' }),
        api('新增', ['宠物', '写'], 'POST', '/pets'),
      ]),
      project,
    );
    expect(
      match.items.map((i) => [i.action, i.kind, [...i.folderPath, i.name].join('/'), i.projectStructureId]),
    ).toEqual([
      ['keep', 'folder', '宠物', 1],
      ['keep', 'api', '宠物/查看', 2],
      ['change', 'api', '宠物/删除', 3],
      ['add', 'folder', '宠物/写', 0],
      ['add', 'api', '宠物/写/新增', 0],
    ]);
    expect(match.items[2]!.changedFields).toEqual(['description']);
    expect(match.counts).toEqual({ add: 2, change: 1, keep: 2 });
    expect(match.writes.folders).toEqual([{ key: '宠物\u0000写', parentKey: '宠物', name: '写' }]);
    expect(match.writes.saves).toEqual([expect.objectContaining({ nodeId: 3, docId: 102, baseVersion: 7 })]);
    expect(match.writes.docs).toEqual([
      expect.objectContaining({ kind: 'api', name: '新增', parentKey: '宠物\u0000写' }),
    ]);
  });

  it("keeps a document's owner, status and extra keys a source leaves out", () => {
    const current = checkContent('api', {
      ...emptyContent('api', { method: 'GET', path: '/a' }),
      ownerId: 42,
      status: 'released',
      extra: { 'x-team': '支付' },
    });
    const match = matchImport(
      plan([{ kind: 'api', name: 'a', folderPath: [], content: { method: 'GET', path: '/a', description: '新' } }]),
      existing([{ method: 'GET', path: '/a', content: current }]),
    );
    expect(match.writes.saves[0]!.content).toMatchObject({
      ownerId: 42,
      status: 'released',
      description: '新',
      extra: { 'x-team': '支付' },
    });
  });

  it('lists a document that fails the content check, and duplicate models, as problems; refs to planned models pass', () => {
    const match = matchImport(
      plan([
        { kind: 'schema', name: 'Pet', folderPath: ['数据模型'], content: { schema: { type: 'object' } } },
        api('坏', [], 'GET', '/bad', { responses: [{ status: '999' }] }),
        api('引用', [], 'GET', '/ok', {
          responses: [{ status: '200', schema: { $ref: '#/components/schemas/Pet' } }],
        }),
        { kind: 'schema', name: 'Pet', folderPath: ['别处'], content: { schema: { type: 'string' } } },
      ]),
      [],
    );
    expect(match.items.map((i) => i.name)).toEqual(['数据模型', 'Pet', '引用']);
    expect(match.problems.map((p) => p.where)).toEqual(['坏', '别处/Pet']);
    expect(match.problems[0]!.message).toMatch(/^未导入：/);
  });

  it('keeps several requests of one api apart, each matching a node of its own (by folder and name first)', () => {
    const body = checkContent('api', emptyContent('api', { method: 'POST', path: '/login' }));
    const project = existing([
      { name: '登录', method: 'POST', path: '/login', content: body },
      { name: '登录失败', method: 'POST', path: '/login', content: body },
    ]);
    const match = matchImport(
      plan([
        api('登录失败', [], 'POST', '/login'),
        api('登录', [], 'POST', '/login'),
        api('再次登录', [], 'POST', '/login'),
      ]),
      project,
    );
    expect(match.items.map((i) => [i.action, i.name, i.projectStructureId])).toEqual([
      ['keep', '登录失败', 2],
      ['keep', '登录', 1],
      ['add', '再次登录', 0],
    ]);
  });

  it('keeps Postman scripts with their request (extra.postmanScripts)', () => {
    const match = matchImport(
      plan([api('登录', ['用户'], 'POST', '/login')], {
        scripts: [
          { folderPath: ['用户'], name: '登录', prerequest: 'pm.variables.set("a", 1)', test: 'pm.test("ok")' },
        ],
      }),
      [],
    );
    expect(match.writes.docs[0]!.content.extra).toEqual({
      postmanScripts: { prerequest: 'pm.variables.set("a", 1)', test: 'pm.test("ok")' },
    });
  });

  const collection = resolve(
    __dirname,
    '../../../../shared/corpus/postman-v2.1/realworld-conduit.postman_collection.json',
  );
  it.skipIf(!existsSync(collection))('imports a real Postman collection with its test scripts kept', async () => {
    const parsed = await parseImport(readFileSync(join(collection), 'utf8'));
    const match = matchImport(parsed, []);
    const docs = match.writes.docs.filter((d) => d.kind === 'api');
    expect(docs.length).toBe(32);
    expect(
      docs.filter((d) => (d.content.extra as { postmanScripts?: unknown })?.postmanScripts).length,
    ).toBeGreaterThan(25);
    for (const doc of match.writes.docs) expect(() => checkContent(doc.kind, doc.content, new Set())).not.toThrow();
  });
});

describe('imported nodes in one tree event', () => {
  const add = (nodes: { nodeId: number; parentId: number; kind: string; name: string; docId: number }[]) =>
    ({ type: 'AddImportedNodes', data: { nodes } }) as const;
  const start: TreeEvent[] = [
    {
      type: 'StructureNodeAdded',
      data: {
        nodeId: 1,
        parentId: 0,
        kind: 'folder',
        name: '宠物',
        sort: 0,
        docId: 0,
        isTemplate: false,
        sourceNodeId: 0,
        sourceDocId: 0,
      },
    },
  ];
  const state = fold(treeDecider, start as never);

  it('adds folders and documents under existing and new folders, after their siblings', () => {
    const events = treeDecider.decide(
      add([
        { nodeId: 10, parentId: 1, kind: 'folder', name: '写', docId: 0 },
        { nodeId: 11, parentId: 10, kind: 'api', name: '新增', docId: 110 },
        { nodeId: 12, parentId: 0, kind: 'schema', name: 'Pet', docId: 120 },
      ]),
      state,
    );
    expect(events).toHaveLength(1);
    const after = events.reduce(treeDecider.evolve, state);
    expect(treeNodes(after).map((n) => [n.nodeId, n.parentId, n.sort, n.docId])).toEqual(
      expect.arrayContaining([
        [10, 1, 0, 0],
        [11, 10, 0, 110],
        [12, 0, 1, 120],
      ]),
    );
    // A retry with the same ids adds nothing.
    expect(treeDecider.decide(add([{ nodeId: 10, parentId: 1, kind: 'folder', name: '写', docId: 0 }]), after)).toEqual(
      [],
    );
  });

  it('refuses a parent that is neither a folder of the tree nor an earlier new folder', () => {
    const refusal = (nodes: Parameters<typeof add>[0]) => {
      try {
        treeDecider.decide(add(nodes), state);
        return '';
      } catch (error) {
        return (error as DomainError).message;
      }
    };
    expect(refusal([{ nodeId: 11, parentId: 99, kind: 'api', name: 'x', docId: 1 }])).toBe(treeMessages.parentNotFound);
    expect(refusal([{ nodeId: 11, parentId: 0, kind: 'api', name: ' ', docId: 1 }])).toBe(treeMessages.nameRequired);
  });
});

describe('scheduled re-imports', () => {
  const data: ScheduleData = {
    scheduleId: 5,
    projectId: 9,
    url: 'https://x.example/openapi.json',
    format: 'auto',
    intervalMinutes: 60,
    enabled: true,
    runAs: 1,
    savedAt: 1000,
  };
  const saved = importSchedulesDecider.decide(
    { type: 'SaveImportSchedule', data },
    importSchedulesDecider.initialState(),
  );
  const state = saved.reduce(importSchedulesDecider.evolve, importSchedulesDecider.initialState());

  it('checks the URL, format and interval', () => {
    const refusal = (patch: Partial<ScheduleData>) => {
      try {
        importSchedulesDecider.decide({ type: 'SaveImportSchedule', data: { ...data, ...patch } }, state);
        return '';
      } catch (error) {
        return (error as DomainError).message;
      }
    };
    expect(refusal({ intervalMinutes: 59 })).toBe(scheduleMessages.interval);
    expect(refusal({ intervalMinutes: 10_081 })).toBe(scheduleMessages.interval);
    expect(refusal({ url: 'javascript:alert(1)' })).toBe(scheduleMessages.url);
    expect(refusal({ format: 'wsdl' })).toBe(scheduleMessages.format);
    expect(importSchedulesDecider.decide({ type: 'SaveImportSchedule', data }, state)).toEqual([]);
  });

  it('claims each due time once, and not while paused', () => {
    const start = { type: 'StartImportRun', data: { scheduleId: 5, dueAt: 2000, at: 2001 } } as const;
    const claimed = importSchedulesDecider.decide(start, state);
    expect(claimed).toHaveLength(1);
    const after = claimed.reduce(importSchedulesDecider.evolve, state);
    expect(importSchedulesDecider.decide(start, after)).toEqual([]);
    const paused = importSchedulesDecider
      .decide({ type: 'SaveImportSchedule', data: { ...data, enabled: false } }, state)
      .reduce(importSchedulesDecider.evolve, state);
    expect(importSchedulesDecider.decide(start, paused)).toEqual([]);
    expect(() =>
      importSchedulesDecider.decide({ type: 'DeleteImportSchedule', data: { scheduleId: 6, deletedBy: 1 } }, state),
    ).toThrow(DomainError);
  });
});
