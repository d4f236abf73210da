import type { Decider } from '@pmbok/infra';

/** What can be followed (docs/api/messaging.md "Follows"). */
export type FollowKind = 'doc' | 'folder' | 'project' | 'taskProject' | 'task';
export const FOLLOW_KINDS: readonly FollowKind[] = ['doc', 'folder', 'project', 'taskProject', 'task'];
export const isFollowKind = (value: string): value is FollowKind => (FOLLOW_KINDS as readonly string[]).includes(value);

/** The target as it was named when followed (the list shows it even if it is renamed or gone since). */
export interface FollowedTarget {
  kind: FollowKind;
  id: number;
  name: string;
  projectId: number;
  projectName: string;
  link: string;
}

export type TargetFollowed = {
  type: 'TargetFollowed';
  data: FollowedTarget & { userId: number; teamId: number; at: number };
};
export type TargetUnfollowed = {
  type: 'TargetUnfollowed';
  data: { userId: number; teamId: number; kind: FollowKind; id: number };
};
export type FollowEvent = TargetFollowed | TargetUnfollowed;

export type FollowCommand =
  | { type: 'Follow'; data: TargetFollowed['data'] }
  | { type: 'Unfollow'; data: TargetUnfollowed['data'] };

/** A user's follows in a team: stream `follows-<userId>-<teamId>`. */
export const followsStreamId = (userId: number, teamId: number) => `follows-${userId}-${teamId}`;
const keyOf = (target: { kind: string; id: number }) => `${target.kind}:${target.id}`;

/** Following twice or unfollowing what is not followed changes nothing. */
export const followsDecider: Decider<Set<string>, FollowCommand, FollowEvent> = {
  initialState: () => new Set(),
  evolve(state, event) {
    const next = new Set(state);
    if (event.type === 'TargetFollowed') next.add(keyOf(event.data));
    else next.delete(keyOf(event.data));
    return next;
  },
  decide(command, state) {
    const following = state.has(keyOf(command.data));
    if (command.type === 'Follow') return following ? [] : [{ type: 'TargetFollowed', data: command.data }];
    return following ? [{ type: 'TargetUnfollowed', data: command.data }] : [];
  },
};
