import { type Caller, nextNumericId } from '@pmbok/infra';
import type { NameValue, ScriptKind } from '../domain/project/project.js';
import type { SettingsCommand } from '../domain/project/settings.js';
import { projectSettings } from '../projections/settings/index.js';
import type { ProjectContext } from './context.js';

type EnvironmentInput = { name: string; baseUrl: string; variables: NameValue[]; headers: NameValue[] };

/** Environments, response codes and scripts: whoever sees the project reads them; managers change them. */
export function createSettings(context: ProjectContext) {
  const { readStore, now, runProject, readable, metadataFor } = context;

  const run = async (projectId: number, command: Omit<SettingsCommand, 'metadata'>, caller: Caller) =>
    runProject(projectId, { ...command, ...(await metadataFor(projectId, caller)) } as SettingsCommand, caller);

  /** The settings of a project the caller sees. */
  async function settingsOf(projectId: number, caller: Caller) {
    await readable(projectId, caller);
    const doc = await projectSettings(readStore).findOne({ _id: String(projectId) });
    return {
      environments: [...(doc?.environments ?? [])]
        .sort((a, b) => a.sort - b.sort || a.projectConfigId - b.projectConfigId)
        .map((env) => ({
          ...env,
          variables: env.variables.map((v) => ({ ...v, secret: v.secret === true })),
          headers: env.headers.map((h) => ({ ...h, secret: false })),
        })),
      responseCodes: [...(doc?.responseCodes ?? [])].sort((a, b) => a.responseCodeId - b.responseCodeId),
      scripts: { before: doc?.beforeScript ?? '', after: doc?.afterScript ?? '' } as Record<ScriptKind, string>,
    };
  }

  return {
    settingsOf,

    environments: async (projectId: number, caller: Caller) => (await settingsOf(projectId, caller)).environments,

    async addEnvironment(projectId: number, input: EnvironmentInput, caller: Caller) {
      const projectConfigId = nextNumericId(now());
      await run(projectId, { type: 'AddEnvironment', data: { ...input, projectConfigId } }, caller);
      return { projectConfigId };
    },

    updateEnvironment: (
      projectId: number,
      input: EnvironmentInput & { projectConfigId: number; sort?: number },
      caller: Caller,
    ) => run(projectId, { type: 'UpdateEnvironment', data: input }, caller),

    removeEnvironment: (projectId: number, projectConfigId: number, caller: Caller) =>
      run(projectId, { type: 'RemoveEnvironment', data: { projectConfigId } }, caller),

    responseCodes: async (projectId: number, caller: Caller) => (await settingsOf(projectId, caller)).responseCodes,

    async addResponseCode(
      projectId: number,
      input: { code: string; meaning: string; solution: string },
      caller: Caller,
    ) {
      const responseCodeId = nextNumericId(now());
      await run(projectId, { type: 'AddResponseCode', data: { ...input, responseCodeId } }, caller);
      return { responseCodeId };
    },

    updateResponseCode: (
      projectId: number,
      input: { responseCodeId: number; code: string; meaning: string; solution: string },
      caller: Caller,
    ) => run(projectId, { type: 'UpdateResponseCode', data: input }, caller),

    removeResponseCode: (projectId: number, responseCodeId: number, caller: Caller) =>
      run(projectId, { type: 'RemoveResponseCode', data: { responseCodeId } }, caller),

    saveScript: (projectId: number, kind: ScriptKind, content: string, caller: Caller) =>
      run(projectId, { type: 'SaveScript', data: { kind, content } }, caller),

    scripts: async (projectId: number, caller: Caller) => (await settingsOf(projectId, caller)).scripts,
  };
}

export type Settings = ReturnType<typeof createSettings>;
