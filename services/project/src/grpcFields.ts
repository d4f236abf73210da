import { invalid, signedInCaller } from '@pmbok/infra';
import type { projectv1 } from '@pmbok/proto';
import { createDataFields } from './application/dataFields.js';
import { fieldCompareCalls } from './application/fieldCompare.js';
import { parseFieldSourceOffThread } from './application/fieldSourcePool.js';
import type { PublishingDeps } from './grpcPublishing.js';
import { dataFields, effectiveFields } from './projections/dataFields/index.js';

/** The field-standard rpcs (docs/api/mock-and-fields.md, "Field libraries"). */
export type FieldsCallName =
  | 'searchDataFields'
  | 'saveDataField'
  | 'saveDataFields'
  | 'deleteDataFields'
  | 'parseFieldSource'
  | 'compareFields'
  | 'applyFieldFixes';

/** JSON text the gateway sends; it checked the text parses, so a failure here is a client bypassing it. */
function parsedJson(text: string, message: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw invalid(message);
  }
}

const scopeOf = (scope: string) => scope || 'project';

export function fieldCalls({ context }: PublishingDeps): Pick<projectv1.ProjectServiceImplementation, FieldsCallName> {
  const library = createDataFields(context);
  const compare = fieldCompareCalls(context, (projectId, fields, caller) =>
    library.saveMany(projectId, 'project', fields, 'skip', caller),
  );
  const who = signedInCaller;
  return {
    searchDataFields: async (r, c) => {
      const query = { ...r, scope: scopeOf(r.scope) as 'team' | 'project' };
      return { pageJson: JSON.stringify(await library.search(query, who(c))) };
    },
    saveDataField: async (r, c) => {
      const input = parsedJson(r.fieldJson, '字段格式错误');
      if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('字段格式错误');
      return library.save(r.projectId, scopeOf(r.scope), r.dataFieldId, input, who(c));
    },
    saveDataFields: async (r, c) => {
      const items = parsedJson(r.fieldsJson, '字段列表格式错误');
      if (!Array.isArray(items)) throw invalid('字段列表格式错误');
      const result = await library.saveMany(r.projectId, scopeOf(r.scope), items, r.onExisting || 'skip', who(c));
      return { resultJson: JSON.stringify(result) };
    },
    deleteDataFields: async (r, c) => {
      await library.remove(r.projectId, scopeOf(r.scope), r.dataFieldIds, who(c));
      return {};
    },
    parseFieldSource: async (r, c) => {
      const caller = who(c);
      // The names the library already has: a project's own and inherited ones; without a project, the team's.
      const { library: of } = await library.libraryOf(r.projectId, r.projectId > 0 ? 'project' : 'team', caller, false);
      const fields =
        of.scope === 'project'
          ? await effectiveFields(context.readStore, of)
          : await dataFields(context.readStore).find({ scope: 'team', teamId: of.teamId });
      const parsed = await parseFieldSourceOffThread(r.kind, r.text, new Set(fields.map((field) => field.nameKey)));
      return { parseJson: JSON.stringify(parsed) };
    },
    compareFields: (r, c) => compare.compareFields(r, who(c)),
    applyFieldFixes: (r, c) => compare.applyFieldFixes(r, who(c)),
  };
}
