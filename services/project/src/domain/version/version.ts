import { type Decider, type DomainEvent, invalid, notFound, streamId } from '@pmbok/infra';

/**
 * Versions of a knowledge project: a version names a point of the log (a global position), so what it holds is
 * exactly what the tree and documents were then and never changes; saving one copies nothing.
 */
export interface ProjectVersionData {
  versionId: number;
  projectId: number;
  name: string;
  notes: string;
  /** Recorded by a document save of a project whose versionUpdateType is auto. */
  auto: boolean;
  /** Every event of the log up to this position (included) is part of the version. */
  position: number;
  docCount: number;
  createdBy: number;
  createdAt: number;
}

export type ProjectVersionSaved = DomainEvent<'ProjectVersionSaved', ProjectVersionData>;
export type ProjectVersionDeleted = DomainEvent<
  'ProjectVersionDeleted',
  { versionId: number; name: string; deletedBy: number; deletedAt: number }
>;
export type VersionEvent = ProjectVersionSaved | ProjectVersionDeleted;

export interface Versions {
  /** Live versions by id; a deleted one leaves. */
  live: ReadonlyMap<number, { name: string; position: number }>;
}

export type SaveVersion = {
  type: 'SaveVersion';
  data: Omit<ProjectVersionData, 'createdBy' | 'createdAt'>;
  metadata: { actorId: number; now: number };
};
export type DeleteVersion = {
  type: 'DeleteVersion';
  data: { versionId: number };
  metadata: { actorId: number; now: number };
};
export type VersionCommand = SaveVersion | DeleteVersion;

export const VERSION_NAME_MAX = 50;
export const VERSION_NOTES_MAX = 500;

export const versionMessages = {
  nameRequired: '请填写版本名称',
  nameTooLong: `版本名称不能超过 ${VERSION_NAME_MAX} 个字`,
  notesTooLong: `版本说明不能超过 ${VERSION_NOTES_MAX} 个字`,
  notFound: '版本不存在或已删除',
} as const;

/** One stream per project: `projectVersions-<projectId>`. */
export const versionsStreamId = (projectId: number) => streamId('projectVersions', projectId);

const length = (text: string) => [...text].length;

/** A name for a version: trimmed, 1–50 characters (an auto version's name is cut to fit instead). */
export function versionName(name: string, cut = false): string {
  const trimmed = (name ?? '').trim();
  if (cut) return [...trimmed].slice(0, VERSION_NAME_MAX).join('') || '自动版本';
  if (!trimmed) throw invalid(versionMessages.nameRequired);
  if (length(trimmed) > VERSION_NAME_MAX) throw invalid(versionMessages.nameTooLong);
  return trimmed;
}

export function evolveVersions(state: Versions, event: VersionEvent): Versions {
  const live = new Map(state.live);
  if (event.type === 'ProjectVersionSaved') {
    live.set(event.data.versionId, { name: event.data.name, position: event.data.position });
  } else {
    live.delete(event.data.versionId);
  }
  return { live };
}

export function decideVersions(command: VersionCommand, state: Versions): VersionEvent[] {
  const { actorId, now } = command.metadata;
  if (command.type === 'SaveVersion') {
    const { data } = command;
    // The id is drawn before the command runs: a retried command with the same id saves nothing twice.
    if (state.live.has(data.versionId)) return [];
    const notes = (data.notes ?? '').trim();
    if (length(notes) > VERSION_NOTES_MAX) throw invalid(versionMessages.notesTooLong);
    const name = versionName(data.name, data.auto);
    return [{ type: 'ProjectVersionSaved', data: { ...data, name, notes, createdBy: actorId, createdAt: now } }];
  }
  const version = state.live.get(command.data.versionId);
  if (!version) throw notFound(versionMessages.notFound);
  return [
    {
      type: 'ProjectVersionDeleted',
      data: { versionId: command.data.versionId, name: version.name, deletedBy: actorId, deletedAt: now },
    },
  ];
}

export const versionsDecider: Decider<Versions, VersionCommand, VersionEvent> = {
  decide: decideVersions,
  evolve: evolveVersions,
  initialState: () => ({ live: new Map() }),
};
