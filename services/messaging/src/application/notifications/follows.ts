import { type Caller, invalid } from '@pmbok/infra';
import { type FollowKind, followsDecider, followsStreamId, isFollowKind } from '../../domain/follows.js';
import { type FollowDoc, follows } from '../../projections/notifications/index.js';
import type { MessagingPartDeps } from '../deps.js';

export const followMessages = { notVisible: '关注的对象不存在或无权查看' } as const;

const followKey = (userId: number, teamId: number, kind: string, id: number) => `${userId}-${teamId}-${kind}-${id}`;

const followView = (
  doc: Pick<FollowDoc, 'kind' | 'targetId' | 'name' | 'projectId' | 'projectName' | 'link' | 'createdAt'>,
) => ({
  target: { kind: doc.kind, id: doc.targetId },
  name: doc.name,
  projectId: doc.projectId,
  projectName: doc.projectName,
  link: doc.link,
  createdAt: doc.createdAt,
});

/** Follows (docs/api/messaging.md "Follows"): what the caller may see, in the current team. */
export function createFollows(deps: MessagingPartDeps, currentTeam: (caller: Caller) => Promise<number>) {
  const { readStore } = deps.runtime;
  const { work, runCommand, now } = deps;

  const kindOf = (kind: string): FollowKind => {
    if (!isFollowKind(kind)) throw invalid(followMessages.notVisible);
    return kind;
  };

  /** The target as the caller may see it in the team (a target created a moment ago may still be on the bus). */
  async function visible(kind: FollowKind, id: number, caller: Caller, teamId: number) {
    const find = async () => {
      const target = await work.target(kind, id, caller.userId);
      return target && target.teamId === teamId ? target : null;
    };
    const target = (await find()) ?? (await work.caughtUp(2_000).then(find, () => null));
    if (!target) throw invalid(followMessages.notVisible);
    return target;
  }

  return {
    async follow(request: { kind: string; id: number }, caller: Caller) {
      const teamId = await currentTeam(caller);
      const kind = kindOf(request.kind);
      const target = await visible(kind, request.id, caller, teamId);
      const { userId } = caller;
      const followed = {
        kind,
        id: target.id,
        name: target.name,
        projectId: target.projectId,
        projectName: target.projectName,
        link: target.link,
      };
      await runCommand(
        followsStreamId(userId, teamId),
        followsDecider,
        {
          type: 'Follow',
          data: { ...followed, userId, teamId, at: now() },
        },
        caller,
      );
      const doc = await follows(readStore).findOne({ _id: followKey(userId, teamId, kind, target.id) });
      return followView(doc ?? { ...followed, targetId: target.id, createdAt: now() });
    },

    async unfollow(request: { kind: string; id: number }, caller: Caller) {
      const teamId = await currentTeam(caller);
      const kind = kindOf(request.kind);
      const { userId } = caller;
      await runCommand(
        followsStreamId(userId, teamId),
        followsDecider,
        {
          type: 'Unfollow',
          data: { userId, teamId, kind, id: request.id },
        },
        caller,
      );
      return {};
    },

    async followState(request: { kind: string; id: number }, caller: Caller) {
      const teamId = await currentTeam(caller);
      const kind = kindOf(request.kind);
      const target = await visible(kind, request.id, caller, teamId);
      const [mine, followers] = await Promise.all([
        follows(readStore).findOne({ _id: followKey(caller.userId, teamId, kind, target.id) }),
        follows(readStore).count({ teamId, kind, targetId: target.id }),
      ]);
      return { following: Boolean(mine), followers };
    },

    /** The caller's follows in the team, newest first, named as they are now when still visible. */
    async listFollows(caller: Caller) {
      const teamId = await currentTeam(caller);
      const docs = await follows(readStore).find({ userId: caller.userId, teamId }, { sort: { createdAt: -1 } });
      return Promise.all(
        docs.map(async (doc) => {
          const target = await work.target(doc.kind, doc.targetId, caller.userId);
          return followView(
            target ? { ...doc, name: target.name, projectName: target.projectName, link: target.link } : doc,
          );
        }),
      );
    },
  };
}
