import type { ReadStore } from '@pmbok/infra';
import type { ProjectRole } from '../domain/project/project.js';
import { displayName, peopleOf } from '../projections/people/index.js';
import { docCountsOf } from '../projections/projects/docCounts.js';
import type { ProjectDoc } from '../projections/projects/index.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A time as the project list shows it: 刚刚, N分钟前, N小时前, N天前 up to a month, then the date. */
export function relativeTimeLabel(at: number, now: number): string {
  const ago = Math.max(0, now - at);
  if (ago < MINUTE) return '刚刚';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)}分钟前`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)}小时前`;
  if (ago < 30 * DAY) return `${Math.floor(ago / DAY)}天前`;
  // China Standard Time, whatever the server's zone: the labels are read by a Chinese UI.
  const date = new Date(at + 8 * HOUR);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

const roleOrder: Record<ProjectRole, number> = { owner: 0, administrator: 1, editor: 2, viewer: 3 };

/** Projects as the caller sees them; `roles` is the caller's role in each ('' for a team reader). */
export async function projectViews(
  store: ReadStore,
  docs: ProjectDoc[],
  userId: number,
  now: number,
  roles: Map<number, ProjectRole | ''> = new Map(),
) {
  const [owners, counts] = await Promise.all([
    peopleOf(
      store,
      docs.map((d) => d.ownerId),
    ),
    docCountsOf(
      store,
      docs.map((d) => d.projectId),
    ),
  ]);
  return docs.map((doc) => ({
    projectId: doc.projectId,
    teamId: doc.teamId,
    name: doc.name,
    description: doc.description,
    logo: doc.logo,
    poster: doc.poster,
    privateType: doc.privateType,
    docPrivateType: doc.docPrivateType,
    versionUpdateType: doc.versionUpdateType,
    isTemplate: doc.isTemplate,
    // The publishing issue gives public projects their reading page; until then none has one.
    shareLink: '',
    ownerId: doc.ownerId,
    ownerName: displayName(owners.get(doc.ownerId)),
    docCount: counts.get(doc.projectId) ?? 0,
    memberCount: doc.members.length,
    createdAt: doc.createdAt,
    updatedAt: doc.updatedAt,
    updateTimeLabel: relativeTimeLabel(doc.updatedAt, now),
    myRole: roles.get(doc.projectId) ?? doc.members.find((m) => m.userId === userId)?.role ?? '',
    isStar: doc.stars.includes(userId),
    sourceProjectId: doc.sourceProjectId,
  }));
}

export type ProjectView = Awaited<ReturnType<typeof projectViews>>[number];

/** Members with names and avatars: owner first, then by role, then by joining. */
export async function memberViews(store: ReadStore, doc: ProjectDoc) {
  const found = await peopleOf(
    store,
    doc.members.map((m) => m.userId),
  );
  return [...doc.members]
    .sort((a, b) => roleOrder[a.role] - roleOrder[b.role] || a.joinedAt - b.joinedAt)
    .map((m) => {
      const person = found.get(m.userId);
      return {
        userId: m.userId,
        nickname: person?.nickname ?? '',
        trueName: person?.trueName ?? '',
        avatar: person?.avatar ?? '',
        role: m.role,
        joinedAt: m.joinedAt,
      };
    });
}

export type MemberView = Awaited<ReturnType<typeof memberViews>>[number];
