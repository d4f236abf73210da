import type { ReadStore } from '@pmbok/infra';
import { teamMembers } from '@pmbok/infra';
import { type KnowledgeProjectDoc, knowledgeProjects, linkedDocs } from './index.js';

/** A document linked to a task, as the task's detail lists it. */
export interface LinkedDocView {
  projectId: number;
  projectName: string;
  projectStructureId: number;
  projectDocId: number;
  kind: 'api' | 'page' | 'schema';
  name: string;
  method: string;
  path: string;
}

/**
 * Whether `userId` may see the knowledge project, as the project service decides (services/project README): nobody
 * once deleted or outside its team; its members; the whole team when it is team-visible or a template.
 */
function sees(project: KnowledgeProjectDoc | undefined, userId: number, teamIds: ReadonlySet<number>): boolean {
  if (!project || project.deleted || !teamIds.has(project.teamId)) return false;
  return project.memberIds.includes(userId) || project.privateType === 'team' || project.isTemplate;
}

/** The documents linked to the task that `userId` may see, in their projects' and trees' order of ids. */
export async function visibleLinkedDocs(
  store: ReadStore,
  userId: number,
  link: { taskProjectId: number; taskId: number },
): Promise<LinkedDocView[]> {
  const found = await linkedDocs(store).find(
    { 'links.taskId': link.taskId, removed: false, isTemplate: false },
    { sort: { projectId: 1, nodeId: 1 } },
  );
  const docs = found.filter(
    (doc) =>
      doc.nodeId > 0 && doc.links.some((l) => l.taskProjectId === link.taskProjectId && l.taskId === link.taskId),
  );
  if (docs.length === 0) return [];
  const projectIds = [...new Set(docs.map((doc) => String(doc.projectId)))];
  const [projects, teams] = await Promise.all([
    knowledgeProjects(store).find({ _id: { $in: projectIds } }),
    teamMembers(store).find({ 'members.userId': userId }),
  ]);
  const byId = new Map(projects.map((project) => [project.projectId, project]));
  const teamIds = new Set(teams.map((team) => team.teamId));
  return docs.flatMap((doc) => {
    const project = byId.get(doc.projectId);
    if (!sees(project, userId, teamIds)) return [];
    return [
      {
        projectId: doc.projectId,
        projectName: project?.name ?? '',
        projectStructureId: doc.nodeId,
        projectDocId: doc.docId,
        kind: doc.kind,
        name: doc.name,
        method: doc.method,
        path: doc.path,
      },
    ];
  });
}
