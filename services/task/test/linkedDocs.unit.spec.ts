import {
  createMemoryReadStore,
  type Projection,
  type ReadStore,
  type RecordedEvent,
  teamMembersProjection,
} from '@pmbok/infra';
import { beforeEach, describe, expect, it } from 'vitest';
import { knowledgeProjectsProjection, linkedDocs, linkedDocsProjection } from '../src/projections/linkedDocs/index.js';
import { visibleLinkedDocs } from '../src/projections/linkedDocs/visible.js';

let position = 0;
const event = (streamId: string, type: string, data: object): RecordedEvent => ({
  type,
  data,
  metadata: { eventId: `e${++position}`, streamId, version: position, globalPosition: position, at: position },
});

const project = [
  event('project-7', 'ProjectCreated', {
    projectId: 7,
    teamId: 3,
    ownerId: 1,
    name: '订单接口',
    privateType: 'members',
    isTemplate: false,
    sourceProjectId: 0,
  }),
  event('project-7', 'ProjectMemberAdded', { userId: 1, role: 'owner' }),
];
const team = [
  event('team-3', 'TeamCreated', { teamId: 3, ownerId: 1 }),
  event('team-3', 'MemberJoined', { userId: 1, role: 'owner' }),
  event('team-3', 'MemberJoined', { userId: 2, role: 'member' }),
];
const node = { nodeId: 11, parentId: 0, kind: 'api', name: '支付', sort: 0, docId: 21, isTemplate: false };
const added = event('projectTree-7', 'StructureNodeAdded', { ...node, sourceNodeId: 0, sourceDocId: 0 });
const created = event('projectDoc-21', 'DocCreated', {
  docId: 21,
  projectId: 7,
  nodeId: 11,
  kind: 'api',
  content: { method: 'POST', path: '/pay', description: '不属于契约' },
});
const linked = event('projectDoc-21', 'DocTaskLinked', { taskProjectId: 5, taskId: 9, linkedBy: 1 });
const renamed = event('projectTree-7', 'StructureNodeRenamed', {
  nodeId: 11,
  docId: 21,
  name: '支付订单',
  changes: [],
});
const unlinked = event('projectDoc-21', 'DocTaskUnlinked', { taskProjectId: 5, taskId: 9, unlinkedBy: 1 });
const removed = event('projectTree-7', 'StructureNodesRemoved', { nodeId: 11, removed: [{ nodeId: 11, docId: 21 }] });

async function apply(store: ReadStore, events: RecordedEvent[]) {
  const projections: Projection[] = [linkedDocsProjection, knowledgeProjectsProjection, teamMembersProjection];
  for (const recorded of events) {
    for (const p of projections) if (p.canHandle.includes(recorded.type)) await p.handle(recorded, store);
  }
}

const task = { taskProjectId: 5, taskId: 9 };

describe('the linked documents read model', () => {
  let store: ReadStore;
  beforeEach(async () => {
    store = createMemoryReadStore();
    await apply(store, [...team, ...project]);
  });

  it('merges the tree node and the document whichever stream arrives first, and ignores what comes again', async () => {
    await apply(store, [created, linked, added, renamed, created, added, linked]);
    expect(await visibleLinkedDocs(store, 1, task)).toEqual([
      {
        projectId: 7,
        projectName: '订单接口',
        projectStructureId: 11,
        projectDocId: 21,
        kind: 'api',
        name: '支付订单',
        method: 'POST',
        path: '/pay',
      },
    ]);
    // A team member outside the members-only project, and another task's viewer, see nothing.
    expect(await visibleLinkedDocs(store, 2, task)).toEqual([]);
    expect(await visibleLinkedDocs(store, 1, { taskProjectId: 6, taskId: 9 })).toEqual([]);

    await apply(store, [unlinked, linked]);
    expect(await visibleLinkedDocs(store, 1, task)).toEqual([]);
  });

  it('keeps a removed document removed when its creation is delivered again', async () => {
    await apply(store, [added, created, linked, removed, added, created]);
    expect(await visibleLinkedDocs(store, 1, task)).toEqual([]);
    expect(await linkedDocs(store).findOne({ _id: '21' })).toMatchObject({ removed: true });
  });

  it('shows a team-visible project to its team, and a deleted one to nobody', async () => {
    await apply(store, [added, created, linked]);
    const opened = event('project-7', 'ProjectUpdated', {
      changes: [{ field: 'privateType', before: 'members', after: 'team' }],
    });
    await apply(store, [opened]);
    expect(await visibleLinkedDocs(store, 2, task)).toHaveLength(1);
    expect(await visibleLinkedDocs(store, 99, task)).toEqual([]);
    await apply(store, [event('project-7', 'ProjectDeleted', { name: '订单接口' }), ...project]);
    expect(await visibleLinkedDocs(store, 1, task)).toEqual([]);
  });
});
