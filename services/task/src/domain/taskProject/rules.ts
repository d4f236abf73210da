import { conflict, forbidden, invalid, notFound } from '@pmbok/infra';
import {
  type ExistingProject,
  orderedFlows,
  type ProjectFields,
  type ProjectRole,
  type ProjectStatus,
  type TaskProject,
} from './taskProject.js';

export const messages = {
  notMember: '你不是该项目的成员',
  notTeamMember: '你不是该团队的成员',
  noTeam: '请先选择或创建团队',
  noPermission: '没有权限执行此操作',
  onlyOwnerReopens: '只有项目所有者可以重新打开项目',
  nameRequired: '请输入项目名称',
  nameTooLong: '项目名称最多50个字符',
  descriptionTooLong: '项目描述最多500个字符',
  posterInvalid: '海报只能是 0 到 8',
  logoInvalid: '项目图标地址无效',
  timeInvalid: '开始时间不能晚于结束时间',
  alreadyStopped: '项目已暂停',
  alreadyClosed: '项目已关闭',
  alreadyActive: '项目进行中，无需重新打开',
  onlyActiveStops: '只有进行中的项目可以暂停',
  onlyActiveFinishes: '只有进行中的项目可以完成',
  membersRequired: '请选择要添加的成员',
  tooManyMembers: '一次最多添加100位成员',
  notInTeam: '只能添加本团队的成员',
  notAProjectMember: '该用户不是项目成员',
  roleInvalid: '角色只能是管理员或成员',
  ownerRoleFixed: '不能修改项目所有者的角色',
  cannotRemoveSelf: '不能移除自己',
  cannotRemoveOwner: '不能移除项目所有者',
  flowNameRequired: '请输入阶段名称',
  flowNameTooLong: '阶段名称最多20个字符',
  flowNameTaken: '已存在同名阶段',
  flowNotFound: '阶段不存在',
  tooManyFlows: '一个项目最多50个阶段',
  lastFlow: '项目至少需要保留一个阶段',
  sortInvalid: '排序必须是 0 到 10000 的整数',
  notATemplate: '该项目不是模板',
} as const;

/** Why a project that is not active refuses changes, and what to do about it. */
const refusals: Record<Exclude<ProjectStatus, 'active'>, string> = {
  stopped: '项目已暂停，请先恢复项目',
  finished: '项目已完成，请先重新打开项目',
  closed: '项目已关闭，请先重新打开项目',
};

/** The project as the actor may see it: a non-member learns nothing, not even whether it exists. */
export function asMember(state: TaskProject, actorId: number): { project: ExistingProject; role: ProjectRole } {
  const role = state.status === 'none' ? undefined : state.members.get(actorId);
  if (state.status === 'none' || !role) throw forbidden(messages.notMember);
  return { project: state, role };
}

export function asManager(state: TaskProject, actorId: number, allowed: ProjectRole[] = ['owner', 'administrator']) {
  const member = asMember(state, actorId);
  if (!allowed.includes(member.role)) throw forbidden(messages.noPermission);
  return member;
}

/** A stopped, finished or closed project refuses every change to it and to its tasks. */
export function assertOpen(project: ExistingProject): void {
  if (project.status !== 'active') throw conflict(refusals[project.status]);
}

export const chars = (text: string) => [...text].length;

const LOGO = /^(https?:\/\/|\/pmbok\/files\/)[^\s"'<>]{1,480}$/;

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
  checkTimes(fields.beginTime, fields.endTime, messages.timeInvalid);
  return { ...fields, name, description, logo };
}

/** Epoch milliseconds, 0 meaning unset; when both are set the start may not be after the end. */
export function checkTimes(start: number, end: number, message: string): void {
  const valid = (t: number) => Number.isSafeInteger(t) && t >= 0;
  if (!valid(start) || !valid(end)) throw invalid(message);
  if (start && end && start > end) throw invalid(message);
}

export function checkFlowName(project: ExistingProject, name: string, exceptFlowId = 0): string {
  const trimmed = name.trim();
  if (!trimmed) throw invalid(messages.flowNameRequired);
  if (chars(trimmed) > 20) throw invalid(messages.flowNameTooLong);
  for (const flow of project.flows.values()) {
    if (flow.flowId !== exceptFlowId && flow.name === trimmed) throw conflict(messages.flowNameTaken);
  }
  return trimmed;
}

export function flowOf(project: ExistingProject, flowId: number) {
  const flow = project.flows.get(flowId);
  if (!flow) throw notFound(messages.flowNotFound);
  return flow;
}

export const orderedFlowsOf = (project: ExistingProject) => orderedFlows(project.flows.values());
