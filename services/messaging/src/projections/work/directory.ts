import { type ReadStore, type TeamMembersDoc, teamMembers } from '@pmbok/infra';
import { displayName, users } from '../users/index.js';
import { links } from './links.js';
import {
  type WorkProjectDoc,
  workDocs,
  workNodes,
  workProjects,
  workTaskProjects,
  workTasks,
  workTeams,
} from './models.js';
import type { ScopeInfo, TargetInfo, WorkDirectory } from './types.js';

const MANAGERS = new Set(['owner', 'administrator']);
const managersOf = (members: { userId: number; role: string }[]) =>
  members.filter((m) => MANAGERS.has(m.role)).map((m) => m.userId);

/** Who may read a knowledge project, as the project service's `accessOf`: its members, else the team when public. */
export function readsProject(project: WorkProjectDoc, userId: number, roster: TeamMembersDoc | null): boolean {
  if (project.deleted || !roster?.members.some((m) => m.userId === userId)) return false;
  if (project.members.some((m) => m.userId === userId)) return true;
  return project.privateType === 'team' || project.isTemplate;
}

/** The WorkDirectory over the read models (the feeds that fill them are started in index.ts). */
export function workDirectory(store: ReadStore, caughtUp: (timeoutMs: number) => Promise<void>): WorkDirectory {
  const roster = (teamId: number) => teamMembers(store).findOne({ _id: String(teamId) });
  const knowledgeProject = async (projectId: number) => {
    const doc = await workProjects(store).findOne({ _id: String(projectId) });
    return doc && !doc.deleted ? doc : null;
  };
  const taskProjectDoc = (taskProjectId: number) => workTaskProjects(store).findOne({ _id: String(taskProjectId) });
  const inTeam = async (teamId: number, userId: number) =>
    (await roster(teamId))?.members.some((m) => m.userId === userId) ?? false;

  async function target(kind: TargetInfo['kind'], id: number, userId: number): Promise<TargetInfo | null> {
    if (id <= 0) return null;
    if (kind === 'taskProject' || kind === 'task') {
      const task = kind === 'task' ? await workTasks(store).findOne({ _id: String(id) }) : null;
      if (kind === 'task' && !task) return null;
      const project = await taskProjectDoc(task?.taskProjectId ?? id);
      if (!project?.members.some((m) => m.userId === userId)) return null;
      if (!(await inTeam(project.teamId, userId))) return null;
      const common = { teamId: project.teamId, projectId: project.taskProjectId, projectKind: 'task' as const };
      if (!task) {
        return {
          ...common,
          kind,
          id,
          projectName: project.name,
          name: project.name,
          subtitle: '',
          link: links.taskProject(id),
        };
      }
      const link = links.task(project.taskProjectId, task.taskId);
      return { ...common, kind, id, projectName: project.name, name: task.name, subtitle: task.flowName, link };
    }
    let projectId = id;
    let name = '';
    let subtitle = '';
    let link = '';
    if (kind === 'doc') {
      const doc = await workDocs(store).findOne({ _id: String(id) });
      const node = doc && (await workNodes(store).findOne({ _id: String(doc.nodeId) }));
      if (!doc || doc.deleted || !node || node.deleted || node.isTemplate) return null;
      projectId = doc.projectId;
      name = node.name;
      subtitle = doc.kind === 'api' ? `${doc.method.toUpperCase()} ${doc.path}`.trim() : '';
      link = links.doc(projectId, node.nodeId);
    } else if (kind === 'folder') {
      const node = await workNodes(store).findOne({ _id: String(id) });
      if (!node || node.deleted || node.kind !== 'folder') return null;
      projectId = node.projectId;
      name = node.name;
      link = links.folder(projectId);
    }
    const project = await knowledgeProject(projectId);
    if (!project || !readsProject(project, userId, await roster(project.teamId))) return null;
    if (kind === 'project') {
      name = project.name;
      link = links.project(projectId);
    }
    return {
      kind,
      id,
      teamId: project.teamId,
      projectId,
      projectKind: 'api',
      projectName: project.name,
      name,
      subtitle,
      link,
    };
  }

  return {
    async team(teamId): Promise<ScopeInfo | null> {
      const [members, named] = await Promise.all([roster(teamId), workTeams(store).findOne({ _id: String(teamId) })]);
      if (!members) return null;
      const ids = members.members.map((m) => m.userId);
      return { teamId, name: named?.name ?? '', members: ids, managers: managersOf(members.members) };
    },
    async project(projectId) {
      const project = await knowledgeProject(projectId);
      if (!project) return null;
      const members = project.members.map((m) => m.userId);
      return { teamId: project.teamId, name: project.name, members, managers: managersOf(project.members) };
    },
    async taskProject(taskProjectId) {
      const project = await taskProjectDoc(taskProjectId);
      if (!project) return null;
      const members = project.members.map((m) => m.userId);
      return { teamId: project.teamId, name: project.name, members, managers: managersOf(project.members) };
    },
    async projectsOf(userId, teamId) {
      if (!(await inTeam(teamId, userId))) return [];
      const [projects, taskProjects] = await Promise.all([
        workProjects(store).find({ teamId, deleted: false, 'members.userId': userId }, { sort: { projectId: 1 } }),
        workTaskProjects(store).find({ teamId, 'members.userId': userId }, { sort: { taskProjectId: 1 } }),
      ]);
      return [
        ...projects.map((p) => ({ kind: 'project' as const, id: p.projectId, name: p.name })),
        ...taskProjects.map((p) => ({ kind: 'taskProject' as const, id: p.taskProjectId, name: p.name })),
      ];
    },
    target,
    async userName(userId) {
      return displayName(await users(store).findOne({ _id: String(userId) }));
    },
    caughtUp,
  };
}
