import { type ComponentProps, type ComponentType, createElement, lazy, useState } from 'react';

/**
 * React.lazy that keeps its loader, so that a screen can be asked to load ahead of its render (issue 24), and that
 * renders the screen at once when it has loaded by then. React.lazy suspends on its first render even for a loaded
 * module, and React 19 then holds the screen back behind its Suspense fallback for at least 300 ms (its fallback
 * throttle): most of the gap between a signed-in first visit's layout and its screen.
 */
// biome-ignore lint/suspicious/noExplicitAny: React.lazy's own bound
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  let loaded: T | null = null;
  let loading: Promise<{ default: T }> | null = null;
  const preload = () => {
    loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error) => {
        loading = null; // a failed chunk load (a release under an open tab) may succeed on the next try
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(preload);
  // biome-ignore lint/correctness/noComponentHookFactories: made once per route at module load, like React.lazy's
  const Page = (props: ComponentProps<T>) => {
    // chosen once per mount: switching from Lazy to the loaded component later would mount the screen again
    const [{ Component }] = useState(() => ({ Component: (loaded ?? Lazy) as ComponentType<ComponentProps<T>> }));
    return createElement(Component, props);
  };
  return Object.assign(Page, { preload });
}

/** Starts loading a route's screen if it is a lazy page (the same import promise its render uses). */
export function preloadPage(page: unknown): void {
  const preload = (page as { preload?: () => Promise<unknown> } | undefined)?.preload;
  preload?.().catch(() => undefined); // a failure is the render's to show
}
