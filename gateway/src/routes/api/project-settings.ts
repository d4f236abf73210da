import { projectv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { ApiError } from '../../plugins/api.js';
import { id, integer, optionalText, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/project.js';
import { Nothing } from '../../schemas/wire.js';
import {
  environmentView,
  inProject,
  jsonField,
  knowledgeCall,
  nodeView,
  ok,
  onNode,
  projectId,
} from './project-common.js';
import { encryptScript, scriptOfSave } from './scriptCipher.js';

/**
 * `variables` and `headers` of an environment: JSON text of a list of `{name, value, description}`; a variable may
 * also say `secret` (true: reports of API test runs show it as ******).
 */
function nameValues(value: string | undefined, what: string): projectv1.NameValue[] {
  if (!value) return [];
  const parsed = jsonField(value, `${what}格式错误`);
  const fits = (item: unknown): item is Record<string, unknown> =>
    typeof item === 'object' &&
    item !== null &&
    !Array.isArray(item) &&
    typeof (item as { name?: unknown }).name === 'string' &&
    ['value', 'description'].every((key) => ['string', 'undefined'].includes(typeof (item as never)[key])) &&
    ['boolean', 'undefined'].includes(typeof (item as { secret?: unknown }).secret);
  if (!Array.isArray(parsed) || parsed.length > 200 || !parsed.every(fits)) throw new ApiError(400, `${what}格式错误`);
  return parsed.map((item) => ({
    name: String(item.name),
    value: String(item.value ?? ''),
    description: String(item.description ?? ''),
    secret: item.secret === true,
  }));
}

const environmentFields = {
  name: text(30),
  baseUrl: optionalText(500),
  variables: optionalText(60_000),
  headers: optionalText(60_000),
};
const environmentOf = (b: { name: string; baseUrl?: string; variables?: string; headers?: string }) => ({
  name: b.name,
  baseUrl: b.baseUrl ?? '',
  variables: nameValues(b.variables, '变量'),
  headers: nameValues(b.headers, '请求头'),
});
const codeFields = { code: text(20), meaning: optionalText(200), solution: optionalText(500) };
const codeOf = (b: { code: string; meaning?: string; solution?: string }) => ({
  code: b.code,
  meaning: b.meaning ?? '',
  solution: b.solution ?? '',
});
/** A 100 KB script as base64 of nonce, ciphertext and tag, percent-encoded in a form: room for all of it. */
const SCRIPT_TEXT = 140_000;
const SCRIPT_BODY = 512 * 1024;

/** Environments (base URLs), the response-code table, the before and after scripts and the API templates. */
export function projectSettingCalls() {
  const call = knowledgeCall('project');
  const configId = { ...projectId, projectConfigId: id };
  const codeId = { ...projectId, responseCodeId: id };
  const scriptCall = (name: string, kind: projectv1.ScriptKind) =>
    call(
      name,
      { ...projectId, content: Type.String({ maxLength: SCRIPT_TEXT }) },
      Nothing,
      (b, { services, metadata }) => {
        const content = scriptOfSave(b.content);
        return ok(services.project.saveScript({ ...inProject(b), kind, content }, { metadata }));
      },
      { bodyLimit: SCRIPT_BODY },
    );
  return [
    call('projectBaseUrl', projectId, Type.Array(answers.Environment), async (b, { services, metadata }) => {
      return (await services.project.listEnvironments(inProject(b), { metadata })).environments.map(environmentView);
    }),
    call(
      'addProjectBaseUrl',
      { ...projectId, ...environmentFields },
      answers.EnvironmentCreated,
      (b, { services, metadata }) =>
        services.project.addEnvironment({ ...inProject(b), ...environmentOf(b) }, { metadata }),
    ),
    call(
      'updateProjectBaseUrl',
      { ...configId, ...environmentFields, sort: Type.Optional(integer(0, 10_000)) },
      Nothing,
      (b, { services, metadata }) => {
        const request = {
          ...inProject(b),
          projectConfigId: Number(b.projectConfigId),
          ...environmentOf(b),
          sort: b.sort,
        };
        return ok(services.project.updateEnvironment(request, { metadata }));
      },
    ),
    call('deleteBaseUrl', configId, Nothing, (b, { services, metadata }) => {
      const request = { ...inProject(b), projectConfigId: Number(b.projectConfigId) };
      return ok(services.project.removeEnvironment(request, { metadata }));
    }),

    call('projectResponseCode', projectId, Type.Array(answers.ResponseCode), async (b, { services, metadata }) => {
      return (await services.project.listResponseCodes(inProject(b), { metadata })).responseCodes;
    }),
    call('newResponseCode', { ...projectId, ...codeFields }, answers.ResponseCodeCreated, (b, { services, metadata }) =>
      services.project.addResponseCode({ ...inProject(b), ...codeOf(b) }, { metadata }),
    ),
    call('updateResponseCode', { ...codeId, ...codeFields }, Nothing, (b, { services, metadata }) => {
      const request = { ...inProject(b), responseCodeId: Number(b.responseCodeId), ...codeOf(b) };
      return ok(services.project.updateResponseCode(request, { metadata }));
    }),
    call('deleteResponseCode', codeId, Nothing, (b, { services, metadata }) => {
      const request = { ...inProject(b), responseCodeId: Number(b.responseCodeId) };
      return ok(services.project.removeResponseCode(request, { metadata }));
    }),

    scriptCall('savePreScriptBefore', projectv1.ScriptKind.SCRIPT_KIND_BEFORE),
    scriptCall('savePreScriptAfter', projectv1.ScriptKind.SCRIPT_KIND_AFTER),
    call('projectPreScript', projectId, answers.PreScripts, async (b, { services, metadata }) => {
      // Stored plain; on the wire encrypted as the client sent them (SPEC §7), for the console to decrypt.
      const scripts = await services.project.getScripts(inProject(b), { metadata });
      return { beforeScript: encryptScript(scripts.beforeScript), afterScript: encryptScript(scripts.afterScript) };
    }),

    call('projectTemplateApi', projectId, Type.Array(answers.StructureNode), async (b, { services, metadata }) => {
      return (await services.project.listApiTemplates(inProject(b), { metadata })).templates.map(nodeView);
    }),
    call(
      'saveTemplateApi',
      { ...projectId, projectStructureId: id, name: optionalText(100) },
      answers.StructureCreated,
      (b, { services, metadata }) =>
        services.project.saveApiTemplate({ ...onNode(b), name: b.name ?? '' }, { metadata }),
    ),
    call('deleteProjectTemplateApi', { ...projectId, projectStructureId: id }, Nothing, (b, { services, metadata }) => {
      return ok(services.project.deleteApiTemplate(onNode(b), { metadata }));
    }),
  ];
}
