import { type ComponentType, lazy } from 'react';

/** React.lazy that keeps its loader, so that a screen can be asked to load ahead of its render (issue 24). */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  return Object.assign(lazy(load), { preload: load });
}

/** Starts loading a route's screen if it is a lazy page (the same import promise its render uses). */
export function preloadPage(page: unknown): void {
  const preload = (page as { preload?: () => Promise<unknown> } | undefined)?.preload;
  preload?.().catch(() => undefined); // a failure is the render's to show
}
