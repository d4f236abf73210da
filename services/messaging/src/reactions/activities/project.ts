import { type PublishedEvent, parseStreamId, publishedBy, type Recorded, reaction, teamMembers } from '@pmbok/infra';
import type { ProjectEvents } from '@pmbok/project-service/events';
import { nameArg } from '../../application/notifications/record.js';
import {
  links,
  readsProject,
  type WorkDocDoc,
  type WorkProjectDoc,
  workDocs,
  workNodes,
  workProjects,
  workTestRuns,
  workTestScenarios,
} from '../../projections/work/index.js';
import { type ActivityContext, actorOf, asOf, followersOf, isRecent, record } from './context.js';

type ProjectEvent = Recorded<PublishedEvent<ProjectEvents>>;

const projectOf = (context: ActivityContext, projectId: number) =>
  workProjects(context.runtime.readStore).findOne({ _id: String(projectId) });

/** The users among `userIds` who may read the project now. */
async function readers(context: ActivityContext, project: WorkProjectDoc, userIds: number[]) {
  const roster = await teamMembers(context.runtime.readStore).findOne({ _id: String(project.teamId) });
  return userIds.filter((userId) => readsProject(project, userId, roster));
}

/** The folders a document's node lies in, nearest first (a folder's follow covers its whole subtree). */
async function foldersAbove(context: ActivityContext, nodeId: number) {
  const folders: number[] = [];
  let node = await workNodes(context.runtime.readStore).findOne({ _id: String(nodeId) });
  while (node && node.parentId > 0 && folders.length < 64) {
    folders.push(node.parentId);
    node = await workNodes(context.runtime.readStore).findOne({ _id: String(node.parentId) });
  }
  return folders;
}

/** doc.changed to the followers of the document, its folders or its project who may still read it. */
async function docChanged(
  context: ActivityContext,
  event: ProjectEvent,
  doc: WorkDocDoc,
  what: { phrase: 'doc.changed' | 'doc.renamed' | 'doc.deleted'; changes: string[] },
) {
  const project = await projectOf(context, doc.projectId);
  const node = await workNodes(context.runtime.readStore).findOne({ _id: String(doc.nodeId) });
  if (!project || !node) return;
  const followers = await followersOf(context, project.teamId, [
    { kind: 'doc', ids: [doc.docId] },
    { kind: 'folder', ids: await foldersAbove(context, doc.nodeId) },
    { kind: 'project', ids: [project.projectId] },
  ]);
  const actorId = actorOf(event);
  await record(context, {
    sourceEventId: event.metadata.eventId,
    kind: 'doc.changed',
    teamId: project.teamId,
    projectId: project.projectId,
    projectKind: 'api',
    projectName: project.name,
    actorId,
    phrase: what.phrase,
    args: { actor: await nameArg(context.work, actorId), target: node.name },
    summary: what.changes.length > 0 ? `修改了：${what.changes.join('、')}` : '',
    link: links.doc(project.projectId, node.nodeId),
    targetKind: 'doc',
    targetId: doc.docId,
    changes: what.changes,
    at: event.metadata.at,
    recipients: (await readers(context, project, followers)).map((userId) => ({ userId })),
  });
}

async function projectActivities(context: ActivityContext, event: ProjectEvent) {
  const { readStore } = context.runtime;
  const actorId = actorOf(event);
  const actor = () => nameArg(context.work, actorId);
  switch (event.type) {
    case 'DocSaved': {
      const doc = await workDocs(readStore).findOne({
        _id: String(parseStreamId(event.metadata.streamId, 'projectDoc')),
      });
      const saved = doc?.recent.find((change) => change.position === event.metadata.globalPosition);
      // A save that changed no part (the same content again) tells nobody.
      if (doc && saved && saved.changes.length > 0)
        await docChanged(context, event, doc, { phrase: 'doc.changed', changes: saved.changes });
      return;
    }
    case 'StructureNodeRenamed': {
      const doc = event.data.docId > 0 ? await workDocs(readStore).findOne({ _id: String(event.data.docId) }) : null;
      if (doc) await docChanged(context, event, doc, { phrase: 'doc.renamed', changes: ['名称'] });
      return;
    }
    case 'DocDeleted': {
      const doc = await workDocs(readStore).findOne({
        _id: String(parseStreamId(event.metadata.streamId, 'projectDoc')),
      });
      if (doc) await docChanged(context, event, doc, { phrase: 'doc.deleted', changes: [] });
      return;
    }
    case 'ProjectMemberAdded': {
      const project = await projectOf(context, parseStreamId(event.metadata.streamId, 'project'));
      // The creator joining its own project is part of creating it: nothing for anyone to read.
      if (!project || actorId === 0 || event.data.userId === actorId) return;
      await record(context, {
        sourceEventId: event.metadata.eventId,
        kind: 'project.member',
        teamId: project.teamId,
        projectId: project.projectId,
        projectKind: 'api',
        projectName: project.name,
        actorId,
        phrase: 'project.member',
        args: { actor: await actor(), other: await nameArg(context.work, event.data.userId), project: project.name },
        summary: '',
        link: links.project(project.projectId),
        targetKind: 'project',
        targetId: project.projectId,
        at: event.metadata.at,
        recipients: [
          {
            userId: event.data.userId,
            phrase: 'project.member.you',
            args: { actor: await actor(), project: project.name },
          },
        ],
      });
      return;
    }
    case 'ProjectVersionSaved': {
      // A version saved with every save (auto) is told by the save itself (doc.changed).
      const project = await projectOf(context, event.data.projectId);
      if (!project || event.data.auto) return;
      const followers = await followersOf(context, project.teamId, [{ kind: 'project', ids: [project.projectId] }]);
      await record(context, {
        sourceEventId: event.metadata.eventId,
        kind: 'version.saved',
        teamId: project.teamId,
        projectId: project.projectId,
        projectKind: 'api',
        projectName: project.name,
        actorId,
        phrase: 'version.saved',
        args: { actor: await actor(), project: project.name, target: event.data.name },
        summary: event.data.notes,
        link: links.versions(project.projectId),
        targetKind: 'version',
        targetId: event.data.versionId,
        at: event.metadata.at,
        recipients: (await readers(context, project, followers)).map((userId) => ({ userId })),
      });
      return;
    }
    case 'TestRunFinished': {
      const { data } = event;
      if (data.status !== 'failed' && data.status !== 'error') return;
      const [project, run] = await Promise.all([
        projectOf(context, data.projectId),
        workTestRuns(readStore).findOne({ _id: String(data.testRunId) }),
      ]);
      if (!project || !run) return;
      const scenario = run.testScenarioId
        ? await workTestScenarios(readStore).findOne({ _id: String(run.testScenarioId) })
        : null;
      const failed = data.summary.failedAssertions + data.summary.failedRequests;
      await record(context, {
        sourceEventId: event.metadata.eventId,
        kind: 'test.failed',
        teamId: project.teamId,
        projectId: project.projectId,
        projectKind: 'api',
        projectName: project.name,
        // The run's outcome is nobody's action: its starter is told too.
        actorId: 0,
        phrase: 'test.failed',
        // the counts also as arguments, for the console to word the summary in the reader's language
        args:
          data.status === 'error'
            ? { target: run.name }
            : { target: run.name, failed: String(failed), requests: String(data.summary.requests) },
        summary: data.status === 'error' ? data.message : `${failed}项失败（请求${data.summary.requests}个）`,
        link: links.testScenario(project.projectId, run.testScenarioId),
        targetKind: 'testScenario',
        targetId: run.testScenarioId,
        at: event.metadata.at,
        recipients: (await readers(context, project, [scenario?.createdBy ?? 0, run.userId])).map((userId) => ({
          userId,
        })),
      });
      return;
    }
  }
}

const HANDLED = new Set([
  'DocSaved',
  'StructureNodeRenamed',
  'DocDeleted',
  'ProjectMemberAdded',
  'ProjectVersionSaved',
  'TestRunFinished',
]);

/** One project topic event, as the reaction handles it (exported for tests). */
export async function onProjectEvent(context: ActivityContext, event: ProjectEvent) {
  if (!HANDLED.has(event.type) || !isRecent(context, event)) return;
  await asOf(context, context.feeds.project, event);
  await projectActivities(context, event);
}

/** Activities from the project topic: document changes, members added, versions, failed test runs. */
export function projectActivityReaction(context: ActivityContext) {
  return reaction({
    name: 'messaging-activities-project',
    source: publishedBy<ProjectEvents>('project'),
    each: (event) => onProjectEvent(context, event),
  });
}
