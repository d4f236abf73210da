import type { ShareLink } from '../publishingApi';

/** The public page's address of a link, as invite links are built: the console's base, then the hash route. */
export const shareUrl = (token: string) => `${window.location.origin}${import.meta.env.BASE_URL}#/doc/share/${token}`;

export type ShareStatus = 'active' | 'revoked' | 'expired';

export const statusOf = (link: Pick<ShareLink, 'revoked' | 'expiresAt'>, now = Date.now()): ShareStatus =>
  link.revoked ? 'revoked' : link.expiresAt && link.expiresAt <= now ? 'expired' : 'active';
