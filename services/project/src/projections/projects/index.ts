import { type Doc, documentProjection, type IndexSpec, ownLog, readModel } from '@pmbok/infra';
import { applyChanges, type ProjectEvent, type ProjectFields, type ProjectRole } from '../../domain/project/project.js';

export interface ProjectMemberEntry {
  userId: number;
  role: ProjectRole;
  joinedAt: number;
}

/** A live project (a deleted one leaves this read model) with its members and who starred it. */
export interface ProjectDoc extends Doc, ProjectFields {
  projectId: number;
  teamId: number;
  ownerId: number;
  sourceProjectId: number;
  members: ProjectMemberEntry[];
  stars: number[];
  createdAt: number;
  /** The newest change to the project's fields or members (stars and settings do not count). */
  updatedAt: number;
}

const indexes: IndexSpec[] = [{ fields: { teamId: 1 } }, { fields: { 'members.userId': 1 } }];
export const projects = readModel<ProjectDoc>('projects', indexes);

type Dated = { metadata: { at: number } };

/** A change to an existing project; `touches` false for what is not a change to the project itself (a star). */
const change =
  <R extends Dated>(apply: (doc: ProjectDoc, event: R) => ProjectDoc, touches = true) =>
  (event: R, doc: ProjectDoc | null) =>
    doc && { ...apply(doc, event), updatedAt: touches ? event.metadata.at : doc.updatedAt };

export const projectsProjection = documentProjection({
  source: ownLog<ProjectEvent>(),
  collection: projects,
  stream: 'project',
  on: {
    ProjectCreated: ({ data, metadata: { at } }) => ({ ...data, members: [], stars: [], createdAt: at, updatedAt: at }),
    ProjectUpdated: change((doc, { data }) => applyChanges(doc, data.changes)),
    ProjectDeleted: () => null,
    ProjectMemberAdded: change((doc, { data, metadata }) =>
      doc.members.some((m) => m.userId === data.userId)
        ? doc
        : { ...doc, members: [...doc.members, { userId: data.userId, role: data.role, joinedAt: metadata.at }] },
    ),
    ProjectMemberRoleChanged: change((doc, { data }) => ({
      ...doc,
      members: doc.members.map((m) => (m.userId === data.userId ? { ...m, role: data.role } : m)),
    })),
    ProjectMemberRemoved: change((doc, { data }) => ({
      ...doc,
      members: doc.members.filter((m) => m.userId !== data.userId),
    })),
    ProjectStarred: change(
      (doc, { data }) => ({ ...doc, stars: [...doc.stars.filter((id) => id !== data.userId), data.userId] }),
      false,
    ),
    ProjectUnstarred: change(
      (doc, { data }) => ({ ...doc, stars: doc.stars.filter((id) => id !== data.userId) }),
      false,
    ),
  },
});
