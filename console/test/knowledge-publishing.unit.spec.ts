import type { DocDiff, HistoryEntry } from '@pmbok/api-types';
import { describe, expect, it } from 'vitest';
import { inReadingOrder } from '../src/knowledge/publishing/diff/diffModel';
import { canRestoreTo, canRevert } from '../src/knowledge/publishing/history/historyModel';
import { treeRows, versionProblem } from '../src/knowledge/publishing/versions/versionModel';
import { node } from './fixtures/knowledgeMock';

const doc = (id: number, change: DocDiff['change'], breaking: boolean): DocDiff => ({
  projectStructureId: id,
  projectDocId: id,
  kind: 'api',
  name: `接口 ${id}`,
  folderPath: [],
  method: 'GET',
  path: `/r${id}`,
  change,
  breaking,
  fields: [],
});

const entry = (action: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  entryId: 1,
  changeId: 'change-1',
  at: 0,
  userId: 1,
  userName: '张三',
  action,
  projectStructureId: 7,
  projectDocId: 7,
  kind: 'api',
  name: '获取宠物',
  summary: '',
  fields: [],
  ...extra,
});

describe('the comparison reads breaking documents first', () => {
  it('puts breaking ones first, then changed, added, removed, keeping the server order within', () => {
    const docs = [
      doc(1, 'added', false),
      doc(2, 'removed', true),
      doc(3, 'changed', false),
      doc(4, 'changed', true),
      doc(5, 'changed', false),
    ];
    expect(inReadingOrder(docs).map((d) => d.projectStructureId)).toEqual([4, 2, 3, 5, 1]);
  });
});

describe('a version’s tree as rows', () => {
  it('lists each folder followed by what it holds, in sort order, with depths', () => {
    const rows = treeRows([
      node(3, 1, 'api', 'b', { sort: 2 }),
      node(1, 0, 'folder', '宠物', { sort: 1 }),
      node(2, 1, 'api', 'a', { sort: 1 }),
      node(4, 0, 'page', '指南', { sort: 0 }),
      node(5, 2, 'page', '挂在接口下', { sort: 0 }),
    ]);
    expect(rows.map((row) => [row.node.name, row.depth])).toEqual([
      ['指南', 0],
      ['宠物', 0],
      ['a', 1],
      ['挂在接口下', 2],
      ['b', 1],
    ]);
  });
});

describe('a version’s name and notes', () => {
  it('follows the server’s limits', () => {
    expect(versionProblem('  ', '')).toBe('name_required');
    expect(versionProblem('v'.repeat(51), '')).toBe('name_too_long');
    expect(versionProblem('v'.repeat(50), 'n'.repeat(500))).toBeNull();
    expect(versionProblem('v1', 'n'.repeat(501))).toBe('notes_too_long');
  });
});

describe('what a history entry offers', () => {
  it('restores a document to an entry that left it existing', () => {
    expect(canRestoreTo(entry('doc-saved'))).toBe(true);
    expect(canRestoreTo(entry('node-renamed', { kind: 'page' }))).toBe(true);
    expect(canRestoreTo(entry('node-removed'))).toBe(false);
    expect(canRestoreTo(entry('doc-deleted'))).toBe(false);
    expect(canRestoreTo(entry('node-added', { kind: 'folder' }))).toBe(false);
    expect(canRestoreTo(entry('project-updated', { projectStructureId: 0, kind: '' }))).toBe(false);
  });
  it('reverts changes of nodes and documents, not of settings, members, versions or links', () => {
    for (const action of ['node-removed', 'doc-saved', 'imported', 'restored', 'reverted']) {
      expect(canRevert(entry(action))).toBe(true);
    }
    for (const action of ['project-updated', 'member-added', 'version-saved', 'share-created']) {
      expect(canRevert(entry(action))).toBe(false);
    }
    expect(canRevert(entry('doc-saved', { changeId: '' }))).toBe(false);
  });
});
