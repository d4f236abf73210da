/** '/login?redirect={path}' — the shape the route guard, the 402 handler and logout share. */
export function loginPathFor(redirect: string): string {
  return `/login?${new URLSearchParams({ redirect })}`;
}

/** The redirect query value, accepted only when it is an in-app path. */
export function redirectTarget(search: string): string {
  const redirect = new URLSearchParams(search).get('redirect');
  return redirect?.startsWith('/') && !redirect.startsWith('//') ? redirect : '/';
}
