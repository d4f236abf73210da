import { invalid, notFound } from '@pmbok/infra';
import {
  diff,
  type EnvironmentData,
  type ExistingProject,
  type NameValue,
  type Project,
  type ProjectEvent,
  type ResponseCodeData,
  type ScriptKind,
} from './project.js';
import { asManager, checkEnvironment, checkResponseCode, checkScript, type Meta, messages } from './rules.js';

type EnvironmentInput = { name: string; baseUrl: string; variables: NameValue[]; headers: NameValue[] };

export type AddEnvironment = { type: 'AddEnvironment'; data: EnvironmentInput & { projectConfigId: number } } & Meta;
export type UpdateEnvironment = {
  type: 'UpdateEnvironment';
  /** `sort` unset keeps the environment's place. */
  data: EnvironmentInput & { projectConfigId: number; sort?: number };
} & Meta;
export type RemoveEnvironment = { type: 'RemoveEnvironment'; data: { projectConfigId: number } } & Meta;
export type AddResponseCode = { type: 'AddResponseCode'; data: ResponseCodeData } & Meta;
export type UpdateResponseCode = { type: 'UpdateResponseCode'; data: ResponseCodeData } & Meta;
export type RemoveResponseCode = { type: 'RemoveResponseCode'; data: { responseCodeId: number } } & Meta;
export type SaveScript = { type: 'SaveScript'; data: { kind: ScriptKind; content: string } } & Meta;

export type SettingsCommand =
  | AddEnvironment
  | UpdateEnvironment
  | RemoveEnvironment
  | AddResponseCode
  | UpdateResponseCode
  | RemoveResponseCode
  | SaveScript;

const ENV_FIELDS: (keyof EnvironmentData)[] = ['name', 'baseUrl', 'variables', 'headers', 'sort'];
const CODE_FIELDS: (keyof ResponseCodeData)[] = ['code', 'meaning', 'solution'];

const environmentOf = (project: ExistingProject, projectConfigId: number) => {
  const env = project.environments.get(projectConfigId);
  if (!env) throw notFound(messages.environmentNotFound);
  return env;
};
const responseCodeOf = (project: ExistingProject, responseCodeId: number) => {
  const row = project.responseCodes.get(responseCodeId);
  if (!row) throw notFound(messages.responseCodeNotFound);
  return row;
};

/** Environments, response codes and scripts: owners and administrators change them. */
export function decideSettings(command: SettingsCommand, state: Project): ProjectEvent[] {
  const { project } = asManager(state, command.metadata);
  switch (command.type) {
    case 'AddEnvironment': {
      if (project.environments.size >= 50) throw invalid(messages.tooManyEnvironments);
      const sort = Math.max(0, ...[...project.environments.values()].map((env) => env.sort)) + 1;
      return [{ type: 'EnvironmentAdded', data: checkEnvironment(project, { ...command.data, sort }) }];
    }
    case 'UpdateEnvironment': {
      const current = environmentOf(project, command.data.projectConfigId);
      const next = checkEnvironment(project, { ...command.data, sort: command.data.sort ?? current.sort });
      const changes = diff(current, next, ENV_FIELDS);
      return changes.length
        ? [{ type: 'EnvironmentUpdated', data: { projectConfigId: current.projectConfigId, changes } }]
        : [];
    }
    case 'RemoveEnvironment': {
      const { projectConfigId, name } = environmentOf(project, command.data.projectConfigId);
      return [{ type: 'EnvironmentRemoved', data: { projectConfigId, name } }];
    }
    case 'AddResponseCode':
      if (project.responseCodes.size >= 500) throw invalid(messages.tooManyCodes);
      return [{ type: 'ResponseCodeAdded', data: checkResponseCode(project, command.data) }];
    case 'UpdateResponseCode': {
      const current = responseCodeOf(project, command.data.responseCodeId);
      const changes = diff(current, checkResponseCode(project, command.data), CODE_FIELDS);
      return changes.length
        ? [{ type: 'ResponseCodeUpdated', data: { responseCodeId: current.responseCodeId, changes } }]
        : [];
    }
    case 'RemoveResponseCode': {
      const { responseCodeId, code } = responseCodeOf(project, command.data.responseCodeId);
      return [{ type: 'ResponseCodeRemoved', data: { responseCodeId, code } }];
    }
    case 'SaveScript': {
      const { kind } = command.data;
      const content = checkScript(command.data.content);
      const before = project.scripts[kind];
      if (content === before) return [];
      return [{ type: 'ScriptSaved', data: { kind, changes: [{ field: 'content', before, after: content }] } }];
    }
  }
}
