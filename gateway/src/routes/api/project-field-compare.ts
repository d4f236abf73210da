import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import type { CallContext } from '../../plugins/api.js';
import { integer } from '../../schemas/fields.js';
import * as mock from '../../schemas/mock.js';
import { inProject, knowledgeCall, optionalName, projectId } from './project-common.js';

/**
 * Field comparison (docs/api/mock-and-fields.md, "Comparing"): a project's documents checked against its field
 * library, and chosen fixes applied as one change of the history. The project service checks who may do either.
 */
const options = {
  convention: optionalName(['auto', 'camelCase', 'snake_case', 'none']),
  minUses: Type.Optional(integer(2, 1000)),
};
const optionsOf = (b: { convention?: string; minUses?: number }) => ({
  convention: b.convention ?? '',
  minUses: b.minUses ?? 0,
});
/** Up to 5,000 fixes of `{"issueId":"<16 hex>","action":"useLibrary"}`, percent-encoded in a form body. */
const FIXES_MAX = 600 * 1024;
const FIXES_BODY = 2 * 1024 * 1024;
const reportHash = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9]+$' });
/**
 * Comparing thousands of documents on a busy service, and saving hundreds of fixed ones, take longer than a call's
 * usual deadline (4.5 s); the console waits a minute for these calls.
 */
const LONG_CALL_MS = 55_000;
const long = (c: CallContext) => ({ metadata: c.metadata, signal: AbortSignal.timeout(LONG_CALL_MS) });

export function projectFieldCompareCalls() {
  const call = knowledgeCall('project');
  return [
    call('fieldCompare', { ...projectId, ...options }, mock.FieldCompareReport, async (b, c) => {
      const request = { ...inProject(b), ...optionsOf(b) };
      const { reportJson } = await c.services.project.compareFields(request, long(c));
      return JSON.parse(reportJson) as Static<typeof mock.FieldCompareReport>;
    }),
    call(
      'fieldCompareUpdate',
      { ...projectId, ...options, reportHash, fixes: Type.String({ minLength: 1, maxLength: FIXES_MAX }) },
      mock.FieldCompareUpdateResult,
      async (b, c) => {
        const request = { ...inProject(b), ...optionsOf(b), reportHash: b.reportHash, fixesJson: b.fixes };
        const { resultJson } = await c.services.project.applyFieldFixes(request, long(c));
        return JSON.parse(resultJson) as Static<typeof mock.FieldCompareUpdateResult>;
      },
      { bodyLimit: FIXES_BODY },
    ),
  ];
}
