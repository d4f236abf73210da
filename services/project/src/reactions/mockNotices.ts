import {
  type DomainEvent,
  ownLog,
  type Recorded,
  reaction,
  type ServiceContext,
  splitStreamId,
  startReactions,
} from '@pmbok/infra';
import type { DataFieldEvent } from '../domain/dataField/dataField.js';
import type { DocEvent } from '../domain/doc/doc.js';
import type { MockConfigEvent } from '../domain/mockConfig/mockConfig.js';
import type { ProjectEvent } from '../domain/project/project.js';
import type { TreeEvent } from '../domain/tree/tree.js';
import { dataFieldsProjection } from '../projections/dataFields/index.js';
import { docsProjection, projectDocs } from '../projections/docs/index.js';
import { mockConfigProjection } from '../projections/mockConfig/index.js';
import { projects, projectsProjection } from '../projections/projects/index.js';
import { treeProjection } from '../projections/tree/index.js';

type Watched = TreeEvent | DocEvent | MockConfigEvent | DataFieldEvent | ProjectEvent;

/** The projections filling what GetMockIndex reads; a notice waits until they show the change. */
const INDEX_PROJECTIONS = [
  treeProjection,
  docsProjection,
  mockConfigProjection,
  dataFieldsProjection,
  projectsProjection,
];
/** How long a notice waits for them at most (they are normally there already: they follow the same log). */
const READY_WAIT_MS = 2_000;
const DOC_PROJECTS_MAX = 10_000;

/**
 * Tells the gateways that a project's mock index changed (realtime topic `mock`, `{projectId}`): its documents or
 * tree, its mock settings or expectations, its own or its team's field library, or the project itself was deleted.
 * A notification, not a record: it starts at the log's head. The events of a batch (an import writes thousands)
 * become one notice per project, sent once the read models GetMockIndex reads have applied the batch, so a gateway
 * that fetches the index on the notice never caches the state from before the change.
 */
export async function startMockNotices(service: ServiceContext) {
  const { runtime, logger } = service;
  const { readStore } = runtime;
  const pending = new Map<number, number>();
  const teams = new Set<number>();
  let batchEnd = 0;
  const docProject = new Map<number, number>();

  async function projectOfDoc(docId: number, event: Recorded<DocEvent>) {
    if (event.type === 'DocCreated') docProject.set(docId, event.data.projectId);
    if (!docProject.has(docId)) {
      const doc = await projectDocs(readStore).findOne({ _id: String(docId) });
      if (doc) docProject.set(docId, doc.projectId);
    }
    if (docProject.size > DOC_PROJECTS_MAX) docProject.delete(docProject.keys().next().value as number);
    return docProject.get(docId) ?? 0;
  }

  async function note(event: Recorded<Watched>) {
    const stream = splitStreamId(event.metadata.streamId);
    if (!stream) return;
    batchEnd = Math.max(batchEnd, event.metadata.globalPosition);
    let projectId = 0;
    switch (stream.kind) {
      case 'projectTree':
      case 'projectMock':
        projectId = stream.id;
        break;
      case 'project':
        if (event.type === 'ProjectDeleted') projectId = stream.id;
        break;
      case 'projectDoc':
        // Linking a task changes nothing the mock reads.
        if (event.type === 'DocCreated' || event.type === 'DocSaved' || event.type === 'DocDeleted') {
          projectId = await projectOfDoc(stream.id, event as Recorded<DocEvent>);
        }
        break;
      case 'dataField': {
        const { scope, projectId: fieldProject, teamId } = (event as Recorded<DataFieldEvent>).data;
        if (scope === 'team') teams.add(teamId);
        else projectId = fieldProject;
        break;
      }
    }
    if (projectId > 0) pending.set(projectId, event.metadata.globalPosition);
  }

  /** Resolves once every read model the index reads has applied the log up to `position` (or after a bounded wait). */
  async function readModelsAt(position: number) {
    const started = Date.now();
    for (let delay = 2; ; delay = Math.min(delay * 2, 200)) {
      const at = await Promise.all(
        // Their checkpoints, as infra's projection runner names them.
        INDEX_PROJECTIONS.map(({ name }) => readStore.checkpoints.load(`projection:${service.name}:${name}`)),
      );
      if (at.every((p) => p >= position) || Date.now() - started > READY_WAIT_MS) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }

  async function flush() {
    if (pending.size === 0 && teams.size === 0) return;
    const projectIds = new Set(pending.keys());
    const teamIds = [...teams];
    const position = batchEnd;
    pending.clear();
    teams.clear();
    await readModelsAt(position);
    // A team field is inherited by every project of the team.
    for (const teamId of teamIds) {
      for (const project of await projects(readStore).find({ teamId })) projectIds.add(project.projectId);
    }
    for (const projectId of projectIds) {
      await runtime.realtime.publish({ topic: 'mock' }, { projectId }).catch((error) => {
        logger.warn({ err: error, projectId }, 'mock notice not sent');
      });
    }
  }

  const { stops } = await startReactions(runtime, {
    mockNotices: reaction({
      name: 'project-mockNotices',
      source: ownLog<Watched & DomainEvent>(),
      start: 'head',
      each: note,
      afterBatch: flush,
    }),
  });
  return stops;
}
