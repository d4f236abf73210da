import { encryptScript } from '../../src/routes/api/scriptCipher.js';
import type { Harness } from '../harness.js';
import type { Access, AccessContext, Body } from './access.js';
import type { Actors, World } from './world.js';

/**
 * The knowledge project K of team T (members only), in which the ladder's people hold the knowledge roles:
 * teamMember a viewer, projectMember an editor, admin an administrator, owner its owner. Its name contains P's, so
 * the matrix's leak check looks for it too. Built once per world, on the first row that needs it.
 */
interface Knowledge {
  projectId: string;
  folderId: string;
  apiId: string;
  pageId: string;
  templateApiId: string;
  configId: string;
  configName: string;
  responseCodeId: string;
  /** A template project of T (team-visible), which any member of T may copy. */
  templateProjectId: string;
  /** A project of T whose documents are public, and its api node. */
  publicProjectId: string;
  publicApiId: string;
}

type Answer = Awaited<ReturnType<Harness['call']>>;
const must = (what: string, answer: Answer) => {
  if (answer.code !== 200) throw new Error(`${what}: ${answer.code} ${answer.msg}`);
  return answer.data;
};

async function buildKnowledge(h: Harness, w: World, a: Actors): Promise<Knowledge> {
  const as = async (path: string, body: Body) =>
    must(path, await h.call(path, { teamId: w.teamId, ...body }, a.owner.token));
  const create = (name: string, extra: Body = {}) => as('project/create', { name, privateType: 'members', ...extra });
  const { projectId } = await create(`${w.projectName}知识`);
  const k = String(projectId);
  const member = (userId: string, role: string) =>
    as('project/batchCreateProjectUser', { projectId: k, userIds: `[${userId}]`, role });
  await member(a.teamMember.userId, 'viewer');
  await member(a.projectMember.userId, 'editor');
  await member(a.admin.userId, 'administrator');
  const add = async (project: string, kind: string, name: string, parentId = '0') =>
    String((await as('project/addStructure', { projectId: project, parentId, kind, name })).projectStructureId);
  const folderId = await add(k, 'folder', '接口目录');
  const apiId = await add(k, 'api', '查询订单', folderId);
  const pageId = await add(k, 'page', '开发约定');
  const template = await as('project/saveTemplateApi', { projectId: k, projectStructureId: apiId, name: '接口模板' });
  const configName = '测试环境';
  const { projectConfigId } = await as('project/addProjectBaseUrl', {
    projectId: k,
    name: configName,
    baseUrl: 'https://test.example.com',
  });
  const { responseCodeId } = await as('project/newResponseCode', { projectId: k, code: '10001', meaning: '参数错误' });
  const templateProject = await create(`${w.templateName}知识`, { privateType: 'team', isTemplate: '1' });
  const publicProject = await create('公开文档', { docPrivateType: 'public' });
  const publicApiId = await add(String(publicProject.projectId), 'api', '公开接口');
  return {
    projectId: k,
    folderId,
    apiId,
    pageId,
    templateApiId: String(template.projectStructureId),
    configId: String(projectConfigId),
    configName,
    responseCodeId: String(responseCodeId),
    templateProjectId: String(templateProject.projectId),
    publicProjectId: String(publicProject.projectId),
    publicApiId,
  };
}

const worlds = new Map<string, Promise<Knowledge>>();
const knowledgeOf = ({ h, w, a }: AccessContext) => {
  let built = worlds.get(w.teamId);
  if (!built) {
    built = buildKnowledge(h, w, a);
    worlds.set(w.teamId, built);
  }
  return built;
};
/** Calls `path` as K's owner, in T. */
const asOwner = async (c: AccessContext, path: string, body: Body) =>
  must(path, await c.h.call(path, { teamId: c.w.teamId, ...body }, c.a.owner.token));

type Least = Access['least'];
/** A row whose body is built from K. */
const onK = (least: Least, body: (k: Knowledge, c: AccessContext) => Body | Promise<Body>, fresh = false): Access => ({
  least,
  fresh,
  body: async (c) => body(await knowledgeOf(c), c),
});
const project = (least: Least, extra: (k: Knowledge) => Body = () => ({}), fresh = false) =>
  onK(least, (k) => ({ projectId: k.projectId, ...extra(k) }), fresh);
/** A new api node of K for one call (a row that deletes or links it leaves the others' nodes alone). */
const newNode = async (k: Knowledge, c: AccessContext) => {
  const added = await asOwner(c, 'project/addStructure', { projectId: k.projectId, kind: 'api', name: '临时接口' });
  return String(added.projectStructureId);
};
const member = (least: Least, extra: (c: AccessContext) => Body, fresh = false) =>
  onK(least, (k, c) => ({ projectId: k.projectId, ...extra(c) }), fresh);
let sequence = 0;
const script = () => encryptScript('pm.environment.set("a", 1);');

/** Knowledge projects (K in team T): projects, members, settings, the tree and documents. */
export const projectAccess: Record<string, Access> = {
  'project/create': { least: 'teamMember', body: () => ({ name: '新知识库' }) },
  'project/createByTemplate': onK('teamMember', (k) => ({ templateProjectId: k.templateProjectId })),
  'project/list': { least: 'teamMember', body: () => ({}) },
  'project/templates': { least: 'teamMember', body: () => ({}) },
  'project/update': project('admin', () => ({ description: '团队的接口文档' })),
  'project/delete': project('owner', () => ({}), true),
  'project/detail': project('teamMember'),
  // The caller leaves K: the viewer does.
  'project/deleteProjectUser': project('teamMember', () => ({}), true),
  'project/starProject': project('teamMember'),
  'project/cancelStarProject': project('teamMember'),
  'project/setting': project('teamMember'),
  // The caller's own documents, in the projects the caller sees.
  'project/myDocs': { least: 'self', body: () => ({}) },

  'project/projectUser': project('teamMember'),
  'project/batchCreateProjectUser': member('admin', ({ a }) => ({ userIds: `[${a.teamMember.userId}]` })),
  'project/updateProjectUser': member('admin', ({ a }) => ({ userId: a.teamMember.userId, role: 'viewer' })),
  'project/deleteOtherProjectUser': member('admin', ({ a }) => ({ userId: a.teamMember.userId }), true),
  'projectUser/index': project('teamMember'),
  'projectUser/save': member('admin', ({ a }) => ({ userId: a.teamMember.userId, role: 'viewer' })),
  'projectUser/saveBatch': member('admin', ({ a }) => ({ userIds: `[${a.teamMember.userId}]`, role: 'viewer' })),
  'projectUser/delete': member('admin', ({ a }) => ({ userId: a.teamMember.userId }), true),
  'projectUser/teamInfo': project('teamMember'),
  'projectUser/projectUserInfo': project('teamMember'),

  'project/projectBaseUrl': project('teamMember'),
  'project/addProjectBaseUrl': project('admin', () => ({ name: '预发环境', baseUrl: 'https://pre.example.com' })),
  'project/updateProjectBaseUrl': project('admin', (k) => ({
    projectConfigId: k.configId,
    name: k.configName,
    baseUrl: 'https://test.example.com',
  })),
  'project/deleteBaseUrl': onK('admin', async (k, c) => {
    const added = await asOwner(c, 'project/addProjectBaseUrl', {
      projectId: k.projectId,
      name: `临时环境${++sequence}`,
    });
    return { projectId: k.projectId, projectConfigId: String(added.projectConfigId) };
  }),
  'project/projectResponseCode': project('teamMember'),
  'project/newResponseCode': project('admin', () => ({ code: '10002', meaning: '未登录' })),
  'project/updateResponseCode': project('admin', (k) => ({
    responseCodeId: k.responseCodeId,
    code: '10001',
    meaning: '参数错误',
  })),
  'project/deleteResponseCode': onK('admin', async (k, c) => {
    const added = await asOwner(c, 'project/newResponseCode', { projectId: k.projectId, code: `9${++sequence}` });
    return { projectId: k.projectId, responseCodeId: String(added.responseCodeId) };
  }),
  'project/savePreScriptBefore': project('admin', () => ({ content: script() })),
  'project/savePreScriptAfter': project('admin', () => ({ content: script() })),
  'project/projectPreScript': project('teamMember'),
  'project/projectTemplateApi': project('teamMember'),
  'project/saveTemplateApi': project('projectMember', (k) => ({ projectStructureId: k.apiId })),
  'project/deleteProjectTemplateApi': onK('projectMember', async (k, c) => {
    const body = { projectId: k.projectId, projectStructureId: k.apiId };
    const added = await asOwner(c, 'project/saveTemplateApi', body);
    return { projectId: k.projectId, projectStructureId: String(added.projectStructureId) };
  }),

  'project/projectStructure': project('teamMember'),
  'project/addStructure': project('projectMember', () => ({ kind: 'page', name: '新页面' })),
  'project/updateStructure': project('projectMember', (k) => ({ projectStructureId: k.pageId, name: '开发约定' })),
  'project/copyStructure': project('projectMember', (k) => ({ projectStructureId: k.pageId })),
  'project/deleteStructure': onK('projectMember', async (k, c) => ({
    projectId: k.projectId,
    projectStructureId: await newNode(k, c),
  })),
  'project/structureDropUpdate': project('projectMember', (k) => ({
    dropResult: JSON.stringify([{ projectStructureId: Number(k.pageId), parentId: Number(k.folderId), sort: 0 }]),
  })),
  'project/saveDoc': onK('projectMember', async (k, c) => {
    const node = { projectId: k.projectId, projectStructureId: k.pageId };
    const { version } = await asOwner(c, 'project/docDetail', node);
    return {
      ...node,
      baseVersion: String(version),
      doc: JSON.stringify({ markdown: '# 约定\n\n接口统一返回 JSON。' }),
    };
  }),
  'project/docDetail': project('teamMember', (k) => ({ projectStructureId: k.apiId })),
  // project/publicDoc: through a share link, in access-share.ts.
  'project/searchDoc': project('teamMember', () => ({ keyword: '订单' })),
  'project/linkTask': onK('projectMember', async (k, c) => ({
    projectId: k.projectId,
    projectStructureId: await newNode(k, c),
    taskProjectId: c.w.projectId,
    taskId: c.w.taskId,
  })),
  'project/unlinkTask': onK('projectMember', async (k, c) => {
    const link = {
      projectId: k.projectId,
      projectStructureId: await newNode(k, c),
      taskProjectId: c.w.projectId,
      taskId: c.w.taskId,
    };
    await asOwner(c, 'project/linkTask', link);
    return link;
  }),
};
