import { describe, expect, it } from 'vitest';
import type { AuthoredDoc } from '../src/knowledge/author/authorApi';
import { docLink, filterDocs, NO_FILTERS, projectsOf, totalsOf } from '../src/knowledge/author/authorModel';

const doc = (over: Partial<AuthoredDoc>): AuthoredDoc => ({
  projectId: 1,
  projectName: '支付中台',
  projectStructureId: 1,
  projectDocId: 1,
  kind: 'api',
  name: '',
  method: 'GET',
  path: '',
  status: 'designing',
  viewCount: 0,
  updatedAt: 0,
  ...over,
});

const docs = [
  doc({ projectStructureId: 1, name: '申请退款', method: 'POST', path: '/refunds', status: 'released' }),
  doc({ projectStructureId: 2, name: '查询订单', path: '/orders/{id}', status: 'testing' }),
  doc({ projectStructureId: 3, projectId: 2, projectName: '会员中心', kind: 'page', name: '接入指南', status: '' }),
  doc({ projectStructureId: 4, projectId: 2, projectName: '会员中心', kind: 'schema', name: 'User', status: '' }),
];
const names = (list: AuthoredDoc[]) => list.map((d) => d.name);

describe('the creator centre model', () => {
  it('counts documents, APIs, pages and released APIs', () => {
    expect(totalsOf(docs)).toEqual({ docs: 4, apis: 2, pages: 1, released: 1 });
  });

  it('filters by kind, status (APIs only), project and a name-or-path keyword', () => {
    expect(names(filterDocs(docs, NO_FILTERS))).toHaveLength(4);
    expect(names(filterDocs(docs, { ...NO_FILTERS, kind: 'page' }))).toEqual(['接入指南']);
    expect(names(filterDocs(docs, { ...NO_FILTERS, kind: 'schema' }))).toEqual(['User']);
    expect(names(filterDocs(docs, { ...NO_FILTERS, status: 'testing' }))).toEqual(['查询订单']);
    expect(names(filterDocs(docs, { ...NO_FILTERS, projectId: 2 }))).toEqual(['接入指南', 'User']);
    expect(names(filterDocs(docs, { ...NO_FILTERS, keyword: ' /ORDERS ' }))).toEqual(['查询订单']);
    expect(names(filterDocs(docs, { ...NO_FILTERS, keyword: '退款' }))).toEqual(['申请退款']);
  });

  it('lists the projects once, by name, and links a document to its workspace', () => {
    // by pinyin: 会 (hui) before 支 (zhi)
    expect(projectsOf(docs)).toEqual([
      { projectId: 2, name: '会员中心' },
      { projectId: 1, name: '支付中台' },
    ]);
    expect(docLink({ projectId: 2, projectStructureId: 3 })).toBe('/project/index/2?doc=3');
  });
});
