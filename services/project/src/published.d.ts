/**
 * The events the project service publishes to other services (its `project` topic), by type: the version of each
 * one's data and the fields other services may read. Types only: consumers `import type` this module through
 * `@pmbok/project-service/events` (ADR 9); nothing here may become runtime code.
 *
 * Streams: `project-<projectId>` (read the id back with `parseStreamId(streamId, 'project')`). Environments,
 * response codes and scripts stay inside the service.
 */

/** A member's role in a knowledge project; viewers read only. */
export type ProjectRole = 'owner' | 'administrator' | 'editor' | 'viewer';
/** Who in the team sees the project: every team member (read only unless a member), or its members only. */
export type PrivateType = 'team' | 'members';
/** Whether documents may be published for readers without an account. */
export type DocPrivateType = 'private' | 'public';
/** Whether versions are saved by hand or on every save. */
export type VersionUpdateType = 'manual' | 'auto';

/** A field a change touched, with its value before and after (history and versions read these). */
export interface FieldChange {
  field: string;
  before: unknown;
  after: unknown;
}

/** The fields of a project its owner and administrators edit. */
export interface ProjectFields {
  name: string;
  description: string;
  logo: string;
  /** Index of the default poster image (0-8). */
  poster: number;
  privateType: PrivateType;
  docPrivateType: DocPrivateType;
  versionUpdateType: VersionUpdateType;
  isTemplate: boolean;
}

export interface ProjectEvents {
  ProjectCreated: {
    version: 1;
    data: ProjectFields & {
      projectId: number;
      teamId: number;
      ownerId: number;
      /** The template it was copied from; 0 when created blank. */
      sourceProjectId: number;
    };
  };
  /** `changes` names the project fields that changed; `field` is a key of ProjectFields. */
  ProjectUpdated: { version: 1; data: { changes: FieldChange[] } };
  ProjectDeleted: { version: 1; data: { name: string } };
  ProjectMemberAdded: { version: 1; data: { userId: number; role: ProjectRole } };
  ProjectMemberRoleChanged: { version: 1; data: { userId: number; role: ProjectRole; changes: FieldChange[] } };
  /** `reason`: removed by a manager, left by themselves, or gone with leaving the team. */
  ProjectMemberRemoved: {
    version: 1;
    data: { userId: number; role: ProjectRole; reason: 'removed' | 'left' | 'leftTeam' };
  };
  /**
   * The project was created as a copy of `sourceProjectId` (a template): its settings are copied in its own
   * stream before this event; the tree and documents are copied by whoever owns them, on this event.
   */
  ProjectCopied: { version: 1; data: { sourceProjectId: number } };
}
