import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { RoutePageProps } from '../navigation/types';

/** A lazily loaded screen that can be asked to load before it renders. */
export type Screen = LazyExoticComponent<ComponentType<RoutePageProps>> & { preload(): Promise<unknown> };

/**
 * React.lazy with a `preload()`: a signed-in visit starts the screen's script with the shell's (issue 24), instead of
 * after the shell has run and routed. A failed load is forgotten so that the next try loads again.
 */
export function screen(load: () => Promise<{ default: ComponentType<RoutePageProps> }>): Screen {
  let loading: ReturnType<typeof load> | undefined;
  const get = () => {
    loading ??= load().catch((error) => {
      loading = undefined;
      throw error;
    });
    return loading;
  };
  return Object.assign(lazy(get), { preload: get });
}

/** Starts loading the screen a route row renders, if it is one. */
export function preloadScreen(page: unknown): void {
  const preload = (page as Partial<Screen> | undefined)?.preload;
  if (typeof preload === 'function') preload().catch(() => undefined);
}
