import type {
  AuthoredDocPage,
  Environment,
  EnvironmentCreated,
  KnowledgeMember,
  KnowledgeProject,
  KnowledgeProjectCreated,
  MemberListPage,
  PreScripts,
  ProjectSettings,
  ProjectUserInfo,
  ResponseCode,
  ResponseCodeCreated,
} from '@pmbok/api-types';
import type { Body } from '../../api/request';
import { LOCAL_USER } from './docs';
import * as rules from './rules';
import type { LocalProject } from './store';
import { structureCalls } from './structure';
import { type LocalContext, nodesIn, projectIn, type Tx, touch, transact } from './transact';

/** The project, settings and member calls of docs/api/knowledge.md for local projects: one owner, the local user. */

type ProjectFields = Pick<
  LocalProject,
  'name' | 'description' | 'logo' | 'poster' | 'privateType' | 'docPrivateType' | 'versionUpdateType' | 'isTemplate'
>;

/** create's fields; for update only those present, over `current`. */
function projectFields(body: Body, current?: ProjectFields): ProjectFields {
  const given = (field: string) => !current || rules.has(body, field);
  const out: ProjectFields = current ?? {
    name: '',
    description: '',
    logo: '',
    poster: 0,
    privateType: 'members',
    docPrivateType: 'private',
    versionUpdateType: 'manual',
    isTemplate: false,
  };
  if (given('name')) out.name = rules.name(rules.text(body, 'name'), '项目名称', 50);
  if (given('description')) out.description = rules.maxLength(rules.text(body, 'description'), '项目描述', 500);
  if (given('logo')) {
    out.logo = rules.text(body, 'logo');
    if (out.logo.length > 500) rules.refuse('项目图标地址无效');
  }
  if (rules.has(body, 'poster')) {
    out.poster = Number(rules.text(body, 'poster'));
    if (!Number.isInteger(out.poster) || out.poster < 0 || out.poster > 8) rules.refuse('海报只能是 0 到 8');
  }
  const pick = <T extends string>(field: string, allowed: readonly T[], fallback: T) =>
    rules.has(body, field) && rules.text(body, field) !== ''
      ? rules.oneOf(rules.text(body, field), allowed, '项目类型无效')
      : fallback;
  out.privateType = pick('privateType', ['team', 'members'], out.privateType);
  out.docPrivateType = pick('docPrivateType', ['private', 'public'], out.docPrivateType);
  out.versionUpdateType = pick('versionUpdateType', ['manual', 'auto'], out.versionUpdateType);
  if (rules.has(body, 'isTemplate')) out.isTemplate = ['1', 'true'].includes(rules.text(body, 'isTemplate'));
  return out;
}

async function knowledgeProject(tx: Tx, project: LocalProject, now: number): Promise<KnowledgeProject> {
  const nodes = await nodesIn(tx, project.projectId);
  const docCount = [...nodes.values()].filter((node) => node.kind !== 'folder' && !node.isTemplate).length;
  const { isStar, beforeScript: _b, afterScript: _a, ...fields } = project;
  return {
    ...fields,
    teamId: 0,
    shareLink: '',
    ownerId: LOCAL_USER.userId,
    ownerName: LOCAL_USER.name,
    docCount,
    memberCount: 1,
    updateTimeLabel: rules.relativeTime(project.updateTime, now),
    myRole: 'owner',
    projectUser: { isStar },
  };
}

const member = (project: LocalProject): KnowledgeMember => ({
  userId: LOCAL_USER.userId,
  nickname: LOCAL_USER.name,
  trueName: LOCAL_USER.name,
  avatar: '',
  role: 'owner',
  joinedAt: project.createTime,
});

const byProject = (ctx: LocalContext, body: Body) => transact(ctx, (tx) => projectIn(tx, rules.id(body, 'projectId')));

const noMembers = () => rules.refuse('本地项目只有你自己，登录后上传到团队即可邀请成员');

/** Rows of an environment's variables or headers: JSON list of {name, value, description}. */
function rows(body: Body, field: string) {
  if (!rules.text(body, field).trim()) return [];
  const list = rules.json(rules.text(body, field), `参数格式错误：${field}`);
  if (!Array.isArray(list) || !list.every((row) => rules.isRecord(row) && typeof row.name === 'string')) {
    return rules.refuse(`参数格式错误：${field}`);
  }
  return list.map((row) => ({
    name: String(row.name),
    value: String(row.value ?? ''),
    description: String(row.description ?? ''),
  }));
}

const environmentFields = (body: Body) => ({
  name: rules.name(rules.text(body, 'name'), '环境名称', 30),
  baseUrl: rules.baseUrl(rules.text(body, 'baseUrl')),
  variables: rows(body, 'variables'),
  headers: rows(body, 'headers'),
});

function responseCode(value: string): string {
  const code = value.trim();
  if (!code || [...code].length > 20) rules.refuse('请输入响应码（最多20个字符）');
  return code;
}

const responseCodeFields = (body: Body) => ({
  code: responseCode(rules.text(body, 'code')),
  meaning: rules.maxLength(rules.text(body, 'meaning'), '响应码含义', 200),
  solution: rules.maxLength(rules.text(body, 'solution'), '解决方案', 500),
});

/** Scripts arrive encrypted (scriptCipher.ts) and are kept so; 100 KB of text is about 140 KB of its base64. */
function script(body: Body): string {
  const content = rules.text(body, 'content');
  if (content.length > 140_000) rules.refuse('脚本最大100KB');
  return content;
}

async function environmentsOf(tx: Tx, projectId: number): Promise<Environment[]> {
  const list = await tx.objectStore('environments').index('byProject').getAll(projectId);
  return list.map(({ projectId: _p, ...environment }) => environment).sort((a, b) => a.sort - b.sort);
}

async function responseCodesOf(tx: Tx, projectId: number): Promise<ResponseCode[]> {
  const list = await tx.objectStore('responseCodes').index('byProject').getAll(projectId);
  return list.map(({ projectId: _p, ...code }) => code);
}

/** Changes a setting row of the project (`store`, keyed by `key`), refusing one of another project. */
function settingRow(
  store: 'environments' | 'responseCodes',
  key: 'projectConfigId' | 'responseCodeId',
  change: 'put' | 'delete',
) {
  return (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const projectId = rules.id(body, 'projectId');
      const rowId = rules.id(body, key);
      const fields =
        change === 'put' ? (store === 'environments' ? environmentFields(body) : responseCodeFields(body)) : {};
      const project = await projectIn(tx, projectId);
      const row = await tx.objectStore(store).get(rowId);
      if (!row || row.projectId !== projectId) rules.refuse(store === 'environments' ? '环境不存在' : '响应码不存在');
      if (change === 'put') await tx.objectStore(store).put({ ...row, ...fields } as never);
      else await tx.objectStore(store).delete(rowId);
      await touch(tx, project, ctx.now());
      return null;
    });
}

export const projectCalls = {
  list: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<KnowledgeProject[]> => {
      const keyword = rules.text(body, 'keyword').trim().toLowerCase();
      const projects = (await tx.objectStore('projects').getAll()).filter((p) =>
        p.name.toLowerCase().includes(keyword),
      );
      projects.sort((a, b) => Number(b.isStar) - Number(a.isStar) || b.updateTime - a.updateTime);
      const now = ctx.now();
      return Promise.all(projects.map((project) => knowledgeProject(tx, project, now)));
    }),
  templates: async (): Promise<KnowledgeProject[]> => [],
  create: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<KnowledgeProjectCreated> => {
      const fields = projectFields(body);
      const now = ctx.now();
      const project = { ...fields, isStar: false, beforeScript: '', afterScript: '', createTime: now, updateTime: now };
      return { projectId: await tx.objectStore('projects').add(project as LocalProject) };
    }),
  createByTemplate: async () => rules.refuse('本地模式不能使用团队模板，请登录后再试'),
  update: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const project = await projectIn(tx, rules.id(body, 'projectId'));
      const { projectId: _id, ...current } = project;
      await touch(tx, { ...project, ...projectFields(body, { ...current }) }, ctx.now());
      return null;
    }),
  delete: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<null> => {
      const projectId = rules.id(body, 'projectId');
      await projectIn(tx, projectId);
      await tx.objectStore('projects').delete(projectId);
      for (const store of ['nodes', 'docs', 'environments', 'responseCodes'] as const) {
        for (const key of await tx.objectStore(store).index('byProject').getAllKeys(projectId)) {
          await tx.objectStore(store).delete(key);
        }
      }
      return null;
    }),
  detail: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx) => knowledgeProject(tx, await projectIn(tx, rules.id(body, 'projectId')), ctx.now())),
  deleteProjectUser: async (ctx: LocalContext, body: Body) => {
    await byProject(ctx, body);
    return rules.refuse('项目所有者不能退出项目');
  },
  starProject: (ctx: LocalContext, body: Body) => star(ctx, body, true),
  cancelStarProject: (ctx: LocalContext, body: Body) => star(ctx, body, false),
  setting: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<ProjectSettings> => {
      const project = await projectIn(tx, rules.id(body, 'projectId'));
      return {
        project: await knowledgeProject(tx, project, ctx.now()),
        members: [member(project)],
        environments: await environmentsOf(tx, project.projectId),
        responseCodes: await responseCodesOf(tx, project.projectId),
        templates: [],
      };
    }).then(async (settings) => ({
      ...settings,
      templates: await structureCalls.projectTemplateApi(ctx, body),
    })),
  myDocs: async (): Promise<AuthoredDocPage> => ({ list: [], total: 0, page: 1, pageSize: 20 }),

  projectUser: async (ctx: LocalContext, body: Body): Promise<KnowledgeMember[]> => [
    member(await byProject(ctx, body)),
  ],
  batchCreateProjectUser: noMembers,
  updateProjectUser: noMembers,
  deleteOtherProjectUser: noMembers,
  'projectUser/index': async (ctx: LocalContext, body: Body): Promise<MemberListPage> => {
    const owner = member(await byProject(ctx, body));
    return { status: 200, lists: [{ ...owner, id: owner.userId }], pages: 1, count: 1 };
  },
  'projectUser/save': noMembers,
  'projectUser/saveBatch': noMembers,
  'projectUser/delete': noMembers,
  'projectUser/teamInfo': async (ctx: LocalContext, body: Body) => {
    await byProject(ctx, body);
    return [];
  },
  'projectUser/projectUserInfo': async (ctx: LocalContext, body: Body): Promise<ProjectUserInfo> => {
    const project = await byProject(ctx, body);
    return { projectId: project.projectId, role: 'owner', isStar: project.isStar, canWrite: true, canManage: true };
  },

  projectBaseUrl: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx) => environmentsOf(tx, (await projectIn(tx, rules.id(body, 'projectId'))).projectId)),
  addProjectBaseUrl: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<EnvironmentCreated> => {
      const projectId = rules.id(body, 'projectId');
      const fields = environmentFields(body);
      const project = await projectIn(tx, projectId);
      const sort = (await environmentsOf(tx, projectId)).length;
      const row = { ...fields, projectId, sort } as Environment & { projectId: number };
      const projectConfigId = await tx.objectStore('environments').add(row);
      await touch(tx, project, ctx.now());
      return { projectConfigId };
    }),
  updateProjectBaseUrl: settingRow('environments', 'projectConfigId', 'put'),
  deleteBaseUrl: settingRow('environments', 'projectConfigId', 'delete'),

  projectResponseCode: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx) => responseCodesOf(tx, (await projectIn(tx, rules.id(body, 'projectId'))).projectId)),
  newResponseCode: (ctx: LocalContext, body: Body) =>
    transact(ctx, async (tx): Promise<ResponseCodeCreated> => {
      const projectId = rules.id(body, 'projectId');
      const fields = responseCodeFields(body);
      const project = await projectIn(tx, projectId);
      const responseCodeId = await tx.objectStore('responseCodes').add({ ...fields, projectId } as ResponseCode & {
        projectId: number;
      });
      await touch(tx, project, ctx.now());
      return { responseCodeId };
    }),
  updateResponseCode: settingRow('responseCodes', 'responseCodeId', 'put'),
  deleteResponseCode: settingRow('responseCodes', 'responseCodeId', 'delete'),

  savePreScriptBefore: (ctx: LocalContext, body: Body) => saveScript(ctx, body, 'beforeScript'),
  savePreScriptAfter: (ctx: LocalContext, body: Body) => saveScript(ctx, body, 'afterScript'),
  projectPreScript: async (ctx: LocalContext, body: Body): Promise<PreScripts> => {
    const { beforeScript, afterScript } = await byProject(ctx, body);
    return { beforeScript, afterScript };
  },
};

const star = (ctx: LocalContext, body: Body, isStar: boolean) =>
  transact(ctx, async (tx): Promise<null> => {
    const project = await projectIn(tx, rules.id(body, 'projectId'));
    await tx.objectStore('projects').put({ ...project, isStar });
    return null;
  });

const saveScript = (ctx: LocalContext, body: Body, which: 'beforeScript' | 'afterScript') =>
  transact(ctx, async (tx): Promise<null> => {
    const projectId = rules.id(body, 'projectId');
    const content = script(body);
    await touch(tx, { ...(await projectIn(tx, projectId)), [which]: content }, ctx.now());
    return null;
  });
