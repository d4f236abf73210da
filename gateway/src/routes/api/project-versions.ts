import { projectv1 } from '@pmbok/proto';
import type { Static } from '@sinclair/typebox';
import { id, optionalId, optionalText, paging, text } from '../../schemas/fields.js';
import * as answers from '../../schemas/project.js';
import * as publishing from '../../schemas/publishing.js';
import { Nothing } from '../../schemas/wire.js';
import { inProject, knowledgeCall, nodeView, ok, projectId } from './project-common.js';
import { docView } from './project-docs.js';

/**
 * Versions of a knowledge project (docs/api/publishing.md, "Versions"). A version's tree and document come as the
 * JSON of the proto's StructureNode and DocDetail (publishing_versions.proto cannot import project_service.proto),
 * read back with the generated fromJSON and shown like the live ones; a comparison comes as a VersionDiff.
 */
const version = { ...projectId, versionId: id };
const versionOf = (b: { projectId: string; versionId: string }) => ({
  ...inProject(b),
  versionId: Number(b.versionId),
});

export function projectVersionCalls() {
  const call = knowledgeCall('project');
  return [
    call('projectVersions', { ...projectId, ...paging }, publishing.ProjectVersionPage, async (b, c) => {
      const request = { ...inProject(b), page: b.page ?? 1, pageSize: b.pageSize ?? 20 };
      const { versions, count, pages } = await c.services.project.listProjectVersions(request, {
        metadata: c.metadata,
      });
      return { list: versions, count, pages };
    }),
    call(
      'saveProjectVersion',
      { ...projectId, name: text(50), notes: optionalText(500) },
      publishing.VersionCreated,
      (b, c) =>
        c.services.project.saveProjectVersion(
          { ...inProject(b), name: b.name, notes: b.notes ?? '' },
          { metadata: c.metadata },
        ),
    ),
    call('deleteVersion', version, Nothing, (b, c) =>
      ok(c.services.project.deleteProjectVersion(versionOf(b), { metadata: c.metadata })),
    ),
    call(
      'compareVersions',
      { ...projectId, fromVersionId: id, toVersionId: optionalId },
      publishing.VersionDiff,
      async (b, c) => {
        const request = {
          ...inProject(b),
          fromVersionId: Number(b.fromVersionId),
          toVersionId: Number(b.toVersionId || 0),
        };
        const { diffJson } = await c.services.project.compareVersions(request, { metadata: c.metadata });
        return JSON.parse(diffJson) as Static<typeof publishing.VersionDiff>;
      },
    ),
    call('versionStructure', version, answers.StructureTree, async (b, c) => {
      const { nodesJson } = await c.services.project.getVersionStructure(versionOf(b), { metadata: c.metadata });
      const nodes = (JSON.parse(nodesJson || '[]') as unknown[]).map((n) => projectv1.StructureNode.fromJSON(n));
      return { nodes: nodes.map(nodeView) };
    }),
    call('versionDoc', { ...version, projectStructureId: id }, answers.DocDetail, async (b, c) => {
      const request = { ...versionOf(b), projectStructureId: Number(b.projectStructureId) };
      const { docJson } = await c.services.project.getVersionDoc(request, { metadata: c.metadata });
      return docView(projectv1.DocDetail.fromJSON(JSON.parse(docJson)));
    }),
    call('restoreVersion', { ...version, projectStructureId: optionalId }, publishing.RestoreResult, (b, c) =>
      c.services.project.restoreVersion(
        { ...versionOf(b), projectStructureId: Number(b.projectStructureId || 0) },
        { metadata: c.metadata },
      ),
    ),
  ];
}
