// SPEC §2.1: the paths open without a token.
const PUBLIC_PATHS = new Set([
  '/login',
  '/auth-redirect',
  '/project/index',
  '/project/field',
  '/project/setting',
  '/project/test',
  '/project/history',
  '/project/doc',
  '/project/share',
  '/project/version',
]);

export function isPublicPath(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return PUBLIC_PATHS.has(pathname) || pathname.includes('/invite/') || pathname.includes('/doc/share');
}
