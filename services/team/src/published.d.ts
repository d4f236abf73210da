/**
 * The events the team service publishes to other services (its `team` topic), by type: the version of each one's
 * data and the fields other services may read. Types only: consumers `import type` this module through
 * `@pmbok/team-service/events` (ADR 9); nothing here may become runtime code.
 *
 * Streams: `team-<teamId>` (read the id back with `parseStreamId(streamId, 'team')`). Share codes and the other
 * invitation events stay inside the service; `TelephoneInvited` is published for the invitee's notification.
 */

/** A member's role in a team; the console and other services import it from here. */
export type TeamRole = 'owner' | 'administrator' | 'member';

/** Templates the project and task services copy into the team. */
interface Templates {
  sourceProjectIds: number[];
  sourceTaskProjectIds: number[];
}

export interface TeamEvents {
  TeamCreated: { version: 1; data: Templates & { teamId: number; name: string; ownerId: number; poster: number } };
  /** The member who set the team up in the guide (the event's actor) named it and chose its templates. */
  TeamInitialized: { version: 1; data: Templates & { name: string } };
  TeamUpdated: { version: 1; data: { name: string; poster: number } };
  /** The owner joins through the `MemberJoined` that follows `TeamCreated`. */
  MemberJoined: {
    version: 1;
    data: {
      userId: number;
      role: TeamRole;
      /**
       * 'invitation': the person accepted a pending invitation to their telephone. 'telephone' is history only: until
       * invitations needed consent, inviting a registered number made its account a member at once.
       */
      via: 'created' | 'shareCode' | 'telephone' | 'invitation';
      inviterId: number;
    };
  };
  MemberRoleChanged: { version: 1; data: { userId: number; role: TeamRole } };
  MemberRemoved: { version: 1; data: { userId: number } };
  MemberLeft: { version: 1; data: { userId: number } };
  /**
   * An invitation to a telephone (pending until the person accepts): the messaging service tells the account that
   * has this telephone, if any. Share codes and the other invitation events stay inside the service.
   */
  TelephoneInvited: { version: 1; data: { telephone: string; inviterId: number } };
  /** The former owner becomes an administrator. */
  OwnershipTransferred: { version: 1; data: { from: number; to: number } };
}
