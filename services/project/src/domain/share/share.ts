import { type Decider, type DomainEvent, invalid, notFound, streamId } from '@pmbok/infra';

/**
 * A share link (stream `projectShare-<shareId>`): what it covers, for how long, behind which password, and whether
 * it was revoked. Its reads (opens, document reads) and its password attempts live in streams of their own
 * (views.ts, guard.ts), so a busy link never contends with its managers' writes.
 */
export interface ShareData {
  shareId: number;
  projectId: number;
  /** The path part of /doc/share/:docId: random, URL-safe, 128 bits or more. */
  token: string;
  name: string;
  /** Empty: the whole project. */
  nodeIds: number[];
  versionId: number;
  /** scrypt `salt:hash` (hex); empty: no password. */
  passwordHash: string;
  /** Signs the `access` tokens of this link only (HMAC): forgetting the link forgets them. */
  accessKey: string;
  expiresAt: number;
  createdBy: number;
  createdAt: number;
}

export type ShareCreated = DomainEvent<'ShareCreated', ShareData>;
export type ShareRevoked = DomainEvent<
  'ShareRevoked',
  { shareId: number; projectId: number; revokedBy: number; revokedAt: number }
>;
export type ShareEvent = ShareCreated | ShareRevoked;

export type Share = { status: 'none' } | (ShareData & { status: 'active' | 'revoked' });

export const shareStreamId = (shareId: number) => streamId('projectShare', shareId);

export const shareMessages = {
  gone: '分享链接不存在或已失效',
  privateDocs: '该项目的文档不允许公开分享',
  passwordLength: '访问密码为 4–32 个字符',
  expiresPast: '过期时间必须晚于现在',
  nameLength: '链接名称最多 50 个字符',
  tooManyNodes: '一个链接最多分享 500 个节点',
  unknownNode: '要分享的节点不存在',
  unknownVersion: '版本不存在或已被删除',
  passwordNeeded: '请输入访问密码',
  passwordWrong: '密码错误',
  tooManyAttempts: '尝试次数过多，请稍后再试',
} as const;

export const SHARE_NODES_MAX = 500;

export type CreateShare = { type: 'CreateShare'; data: ShareData };
export type RevokeShare = { type: 'RevokeShare'; data: { revokedBy: number; revokedAt: number } };
export type ShareCommand = CreateShare | RevokeShare;

export function evolveShare(state: Share, event: ShareEvent): Share {
  if (event.type === 'ShareCreated') return { ...event.data, status: 'active' };
  return state.status === 'none' ? state : { ...state, status: 'revoked' };
}

export function decideShare(command: ShareCommand, state: Share): ShareEvent[] {
  if (command.type === 'CreateShare') {
    if (state.status !== 'none') return [];
    const { data } = command;
    if ([...data.name].length > 50) throw invalid(shareMessages.nameLength);
    if (data.nodeIds.length > SHARE_NODES_MAX) throw invalid(shareMessages.tooManyNodes);
    if (data.expiresAt && data.expiresAt <= data.createdAt) throw invalid(shareMessages.expiresPast);
    return [{ type: 'ShareCreated', data }];
  }
  if (state.status === 'none') throw notFound(shareMessages.gone);
  // Revoking twice changes nothing.
  if (state.status === 'revoked') return [];
  const { shareId, projectId } = state;
  return [{ type: 'ShareRevoked', data: { shareId, projectId, ...command.data } }];
}

export const shareDecider: Decider<Share, ShareCommand, ShareEvent> = {
  decide: decideShare,
  evolve: evolveShare,
  initialState: () => ({ status: 'none' }),
};
