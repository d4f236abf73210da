import { DomainError, ownLog, parseStreamId, reaction, type ServiceContext, startReactions } from '@pmbok/infra';
import { createProjectContext } from '../application/context.js';
import { projectAtOf } from '../application/projectAt.js';
import { createVersions } from '../application/versions.js';
import type { DocEvent } from '../domain/doc/doc.js';
import { projects } from '../projections/projects/index.js';
import { structureNodes } from '../projections/tree/index.js';

/**
 * `versionUpdateType` auto: every document save also records a version at the save's own position, named after
 * the document. A reaction on the service's own log rather than a step of the save, so a save never waits for it
 * nor fails because of it; the save's event id as command id records a redelivered save once.
 */
export async function startAutoVersions(service: ServiceContext) {
  const context = createProjectContext(service);
  const versions = createVersions(context, projectAtOf(service.runtime));
  const { readStore } = service.runtime;
  const { stops } = await startReactions(service.runtime, {
    autoVersions: reaction({
      name: 'project-autoVersions',
      source: ownLog<DocEvent>(),
      on: {
        DocSaved: async (event) => {
          const docId = parseStreamId(event.metadata.streamId, 'projectDoc');
          const node = await structureNodes(readStore).findOne({ projectDocId: docId });
          const project = node && (await projects(readStore).findOne({ _id: String(node.projectId) }));
          if (!node || !project || project.versionUpdateType !== 'auto') return;
          const { savedBy, version } = event.data;
          try {
            await versions.record(
              node.projectId,
              project.teamId,
              {
                name: node.name,
                notes: `保存文档 ${node.name}（第 ${version} 版）`,
                auto: true,
                position: event.metadata.globalPosition,
              },
              { userId: savedBy, correlationId: event.metadata.correlationId },
              `autoVersion:${event.metadata.eventId}`,
            );
          } catch (error) {
            // A refusal would refuse again on every redelivery and hold back every later save's version: skip it.
            if (!(error instanceof DomainError)) throw error;
            service.logger.warn({ err: error, docId }, 'auto version not recorded');
          }
        },
      },
    }),
  });
  return stops;
}
