import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { id, integer, optionalId, paging } from '../../schemas/fields.js';
import * as publishing from '../../schemas/publishing.js';
import { inProject, knowledgeCall, onNode, projectId } from './project-common.js';

/**
 * The change history of a knowledge project (docs/api/publishing.md, "Change history"), and reverting a change
 * (an import's too). A page comes as the JSON of a HistoryPage: field diffs carry any JSON before and after.
 */
const epochMs = Type.Optional(integer(0, Number.MAX_SAFE_INTEGER));
/** A change id as the service makes them (a request's correlation id, `revert-<uuid>`, `event-<position>`). */
const changeId = Type.String({ minLength: 1, maxLength: 100, pattern: '^[A-Za-z0-9_.:-]+$' });

export function projectHistoryCalls() {
  const call = knowledgeCall('project');
  return [
    call(
      'history',
      { ...projectId, projectStructureId: optionalId, userId: optionalId, from: epochMs, to: epochMs, ...paging },
      publishing.HistoryPage,
      async (b, c) => {
        const request = {
          ...inProject(b),
          projectStructureId: Number(b.projectStructureId || 0),
          userId: Number(b.userId || 0),
          from: b.from ?? 0,
          to: b.to ?? 0,
          page: b.page ?? 1,
          pageSize: b.pageSize ?? 20,
        };
        const { pageJson } = await c.services.project.listHistory(request, { metadata: c.metadata });
        return JSON.parse(pageJson) as Static<typeof publishing.HistoryPage>;
      },
    ),
    call('restoreDoc', { ...projectId, projectStructureId: id, entryId: id }, publishing.RestoreResult, (b, c) =>
      c.services.project.restoreHistoryDoc({ ...onNode(b), entryId: Number(b.entryId) }, { metadata: c.metadata }),
    ),
    call('revertChange', { ...projectId, changeId }, publishing.RestoreResult, (b, c) =>
      c.services.project.revertChange({ ...inProject(b), changeId: b.changeId }, { metadata: c.metadata }),
    ),
  ];
}
