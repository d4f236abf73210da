import { LinearProgress } from '@mui/material';
import { useCallback, useContext, useSyncExternalStore } from 'react';
import { useTranslate } from 'react-admin';
import { UNSAFE_DataRouterContext, useLocation } from 'react-router-dom';

const noSubscription = () => () => undefined;

/**
 * SPEC §2.1: a progress bar while a navigation is under way. React Router renders the next location in a
 * transition, so the screen on show keeps its old location until the next one (a lazy screen's code, say) is ready;
 * the router itself already knows the new one. The bar shows while the two differ.
 */
export const NavigationProgress = () => {
  const router = useContext(UNSAFE_DataRouterContext)?.router;
  const subscribe = useCallback(
    (onChange: () => void) => (router ? router.subscribe(onChange) : noSubscription()),
    [router],
  );
  // useSyncExternalStore updates are never deferred: the bar shows while the transition is pending
  const target = useSyncExternalStore(subscribe, () => router?.state.location.key);
  const { key: shown } = useLocation();
  if (target === undefined || target === shown) return null;
  return <ProgressBar />;
};

/**
 * The bar on its own. A screen's Suspense fallback shows it too: when React cannot keep the old screen while the next
 * one loads (an urgent update in between makes it show the fallback instead), the bar still says a screen is coming.
 */
export const ProgressBar = () => {
  const translate = useTranslate();
  return (
    <LinearProgress
      aria-label={translate('ra.page.loading')}
      data-testid="navigation-progress"
      sx={{ position: 'fixed', top: 0, left: 0, right: 0, height: 2, zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    />
  );
};
