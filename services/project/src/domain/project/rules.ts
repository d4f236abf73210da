import { forbidden, invalid } from '@pmbok/infra';
import {
  canManage,
  canWrite,
  type EnvironmentData,
  type ExistingProject,
  type NameValue,
  type Project,
  type ProjectFields,
  type ProjectRole,
  type ResponseCodeData,
  roleIn,
} from './project.js';

export const messages = {
  /** Not found and not allowed read the same, so ids cannot be probed. */
  notVisible: '项目不存在或无权访问',
  noTeam: '请先选择或创建团队',
  notTeamMember: '你不是该团队的成员',
  readOnly: '你只能查看该项目，不能修改',
  notManager: '只有项目所有者和管理员可以管理项目',
  ownerOnly: '只有项目所有者可以执行此操作',
  nameRequired: '请输入项目名称',
  nameTooLong: '项目名称最多50个字符',
  descriptionTooLong: '项目描述最多500个字符',
  logoInvalid: '项目图标地址无效',
  posterInvalid: '海报只能是 0 到 8',
  typeInvalid: '项目类型无效',
  membersRequired: '请选择要添加的成员',
  tooManyMembers: '一次最多添加100位成员',
  notInTeam: '只能添加本团队的成员',
  notAMember: '该用户不是项目成员',
  roleInvalid: '角色只能是管理员、编辑者或查看者',
  ownerRoleFixed: '不能修改项目所有者的角色',
  cannotRemoveSelf: '不能移除自己，请使用退出项目',
  cannotRemoveOwner: '不能移除项目所有者',
  ownerCannotLeave: '项目所有者不能退出项目',
  environmentNotFound: '环境不存在',
  environmentNameRequired: '请输入环境名称',
  environmentNameTooLong: '环境名称最多30个字符',
  environmentNameTaken: '已存在同名环境',
  baseUrlInvalid: '前置URL必须是 http(s) 地址',
  tooManyEnvironments: '一个项目最多50个环境',
  entriesInvalid: '变量和请求头最多100个，名称最多100个字符，值最多2000个字符，说明最多200个字符',
  sortInvalid: '排序必须是 0 到 10000 的整数',
  responseCodeNotFound: '响应码不存在',
  codeRequired: '请输入响应码（最多20个字符）',
  meaningTooLong: '响应码含义最多200个字符',
  solutionTooLong: '解决方案最多500个字符',
  codeTaken: '该响应码已存在',
  tooManyCodes: '一个项目最多500个响应码',
  scriptTooLarge: '脚本最大100KB',
  scriptInvalid: '脚本不是有效的 JavaScript',
  notATemplate: '该项目不是模板',
} as const;

export type Meta = {
  metadata: {
    actorId: number;
    /** Whether the actor belongs to the project's team now, as the team service last told. */
    inTeam: boolean;
  };
};

/** The project as the actor may see it; anyone else learns nothing, not even whether it exists. */
export function asReader(state: Project, { actorId, inTeam }: Meta['metadata']) {
  const role = roleIn(state, actorId, inTeam);
  if (role === null || state.status !== 'active') throw forbidden(messages.notVisible);
  return { project: state, role };
}

/** Owners, administrators and editors write documents and the tree; viewers and team readers only read. */
export function asWriter(state: Project, meta: Meta['metadata']) {
  const reader = asReader(state, meta);
  if (!canWrite(reader.role)) throw forbidden(messages.readOnly);
  return reader as { project: ExistingProject; role: ProjectRole };
}

/** Owners and administrators manage settings and members; `allowed` narrows that (['owner']). */
export function asManager(state: Project, meta: Meta['metadata'], allowed?: ProjectRole[]) {
  const reader = asReader(state, meta);
  if (!canManage(reader.role)) throw forbidden(reader.role ? messages.notManager : messages.readOnly);
  if (allowed && !allowed.includes(reader.role as ProjectRole)) throw forbidden(messages.ownerOnly);
  return reader as { project: ExistingProject; role: ProjectRole };
}

export const chars = (text: string) => [...text].length;

const LOGO = /^(https?:\/\/|\/pmbok\/files\/)[^\s"'<>]{1,480}$/;
const PRIVATE = ['team', 'members'];
const DOC_PRIVATE = ['private', 'public'];
const VERSION_UPDATE = ['manual', 'auto'];

/** Checks and trims the editable fields of a project. */
export function checkProjectFields(fields: ProjectFields): ProjectFields {
  const name = fields.name.trim();
  if (!name) throw invalid(messages.nameRequired);
  if (chars(name) > 50) throw invalid(messages.nameTooLong);
  const description = fields.description.trim();
  if (chars(description) > 500) throw invalid(messages.descriptionTooLong);
  const logo = fields.logo.trim();
  if (logo && !LOGO.test(logo)) throw invalid(messages.logoInvalid);
  if (!Number.isInteger(fields.poster) || fields.poster < 0 || fields.poster > 8) throw invalid(messages.posterInvalid);
  if (
    !PRIVATE.includes(fields.privateType) ||
    !DOC_PRIVATE.includes(fields.docPrivateType) ||
    !VERSION_UPDATE.includes(fields.versionUpdateType)
  )
    throw invalid(messages.typeInvalid);
  return { ...fields, name, description, logo, isTemplate: Boolean(fields.isTemplate) };
}

const BASE_URL = /^https?:\/\/[^\s"'<>]{1,490}$/;

/** Variables may be secret (kept only when true, so entries saved before the flag compare equal); headers not. */
function checkEntries(entries: NameValue[], secrets: boolean): NameValue[] {
  const ok =
    entries.length <= 100 &&
    entries.every((e) => chars(e.name) <= 100 && chars(e.value) <= 2000 && chars(e.description) <= 200);
  if (!ok) throw invalid(messages.entriesInvalid);
  return entries
    .map((e) => ({
      name: e.name.trim(),
      value: e.value,
      description: e.description.trim(),
      ...(secrets && e.secret === true ? { secret: true } : {}),
    }))
    .filter((e) => e.name);
}

/** Checks an environment's fields; names are unique in the project. */
export function checkEnvironment(project: ExistingProject, env: EnvironmentData): EnvironmentData {
  const name = env.name.trim();
  if (!name) throw invalid(messages.environmentNameRequired);
  if (chars(name) > 30) throw invalid(messages.environmentNameTooLong);
  const baseUrl = env.baseUrl.trim();
  if (baseUrl && !BASE_URL.test(baseUrl)) throw invalid(messages.baseUrlInvalid);
  if (!Number.isInteger(env.sort) || env.sort < 0 || env.sort > 10_000) throw invalid(messages.sortInvalid);
  for (const other of project.environments.values()) {
    if (other.projectConfigId !== env.projectConfigId && other.name === name)
      throw invalid(messages.environmentNameTaken);
  }
  return {
    ...env,
    name,
    baseUrl,
    variables: checkEntries(env.variables, true),
    headers: checkEntries(env.headers, false),
  };
}

export function checkResponseCode(project: ExistingProject, row: ResponseCodeData): ResponseCodeData {
  const code = row.code.trim();
  if (!code || chars(code) > 20) throw invalid(messages.codeRequired);
  const meaning = row.meaning.trim();
  if (chars(meaning) > 200) throw invalid(messages.meaningTooLong);
  const solution = row.solution.trim();
  if (chars(solution) > 500) throw invalid(messages.solutionTooLong);
  for (const other of project.responseCodes.values()) {
    if (other.responseCodeId !== row.responseCodeId && other.code === code) throw invalid(messages.codeTaken);
  }
  return { ...row, code, meaning, solution };
}

export const SCRIPT_MAX_BYTES = 100 * 1024;

const AsyncFunction = Object.getPrototypeOf(async () => {}).constructor as new (body: string) => unknown;

/**
 * A script must be at most 100 KB and parse as JavaScript, as the body of an async function (how the API tests
 * will run it, so a top-level `await` or `return` parses; the gateway checks the same way). Building the function
 * compiles the text; it is never called, so nothing of the script runs here.
 */
export function checkScript(content: string): string {
  if (Buffer.byteLength(content, 'utf8') > SCRIPT_MAX_BYTES) throw invalid(messages.scriptTooLarge);
  if (!content.trim()) return '';
  try {
    new AsyncFunction(content);
  } catch (error) {
    const reason = error instanceof SyntaxError ? `：${error.message}`.slice(0, 200) : '';
    throw invalid(`${messages.scriptInvalid}${reason}`);
  }
  return content;
}
