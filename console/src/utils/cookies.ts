export function readCookie(name: string): string | null {
  const entry = document.cookie.split('; ').find((part) => part.startsWith(`${name}=`));
  return entry ? decodeURIComponent(entry.slice(name.length + 1)) : null;
}

export function writeCookie(name: string, value: string, maxAgeSeconds?: number): void {
  const expiry = maxAgeSeconds === undefined ? '' : `; max-age=${maxAgeSeconds}`;
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from some browsers we serve
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expiry}`;
}
