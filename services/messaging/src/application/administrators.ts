import type { UserDoc } from '../projections/users/index.js';

/** `ADMIN_TELEPHONES`: comma-separated telephones; spaces and empty entries are ignored. */
export const parseAdminTelephones = (value: string | undefined): string[] =>
  (value ?? '')
    .split(',')
    .map((telephone) => telephone.trim())
    .filter(Boolean);

/**
 * Who administers the instance (sees every feedback): the accounts whose telephone is listed in `ADMIN_TELEPHONES`,
 * or, when that list is empty, the first account registered on the instance. A closed account is never one; rights
 * never pass silently to the next account when the first one closes (list someone in `ADMIN_TELEPHONES` instead).
 */
export function isAdministrator(
  user: UserDoc | null,
  firstRegistered: UserDoc | null,
  adminTelephones: readonly string[],
): boolean {
  if (!user || user.closed) return false;
  if (adminTelephones.length > 0) return adminTelephones.includes(user.telephone);
  return firstRegistered?.userId === user.userId;
}
