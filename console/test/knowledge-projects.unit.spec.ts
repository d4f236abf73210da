import { describe, expect, it } from 'vitest';
import type { KnowledgeProject } from '../src/knowledge/knowledgeApi';
import { starredFirst } from '../src/knowledge/ProjectListPage';
import { projectPath } from '../src/knowledge/ProjectNav';
import { isBaseUrl } from '../src/knowledge/settings/EnvironmentDialog';
import { assignableRoles } from '../src/knowledge/settings/MembersTab';

const project = (projectId: number, isStar: boolean) => ({ projectId, projectUser: { isStar } }) as KnowledgeProject;

describe('the knowledge project screens', () => {
  it('list starred projects first and keep the server order within each group', () => {
    const order = starredFirst([project(1, false), project(2, true), project(3, false), project(4, true)]);
    expect(order.map((p) => p.projectId)).toEqual([2, 4, 1, 3]);
  });

  it('link the project pages with a valid id only (SPEC §5: zero, empty or not a number is none)', () => {
    expect(projectPath('setting', 7)).toBe('/project/setting/7');
    for (const invalid of [0, '', 'abc', undefined]) expect(projectPath('index', invalid)).toBe('/project/index');
  });

  it('let only the owner make administrators', () => {
    expect(assignableRoles('owner')).toEqual(['administrator', 'editor', 'viewer']);
    expect(assignableRoles('administrator')).toEqual(['editor', 'viewer']);
    expect(assignableRoles('editor')).toEqual([]);
    expect(assignableRoles('')).toEqual([]);
  });

  it('accept an http(s) base URL or none', () => {
    for (const good of ['', 'https://api.example.com', 'http://10.0.0.1:8080/v1']) expect(isBaseUrl(good)).toBe(true);
    for (const bad of ['ftp://x', 'api.example.com', 'https://', 'https://a b']) expect(isBaseUrl(bad)).toBe(false);
  });
});
