import { Box } from '@mui/material';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useStore, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useRouteTable } from '../navigation/RouteTableProvider';
import { VISITED_VIEWS_KEY, type VisitedView } from '../navigation/useVisitedViews';
import { useSetting } from '../settings/settings';
import { useFrames } from './FramesProvider';
import { frameAddress } from './frameState';

/**
 * The box of embedded frames, in the layout's content area. A frame stays loaded (hidden) while its tab is open in
 * the tags view, and is destroyed when the tab closes (and reloaded by the tab's refresh); without the tags view
 * there is no tab to come back through, so leaving the page destroys it.
 */
export const FrameBox = () => {
  const translate = useTranslate();
  const [{ box, frames }, dispatch] = useFrames();
  const { resolved } = useRouteTable();
  const frameRoutes = useMemo(
    () => new Map(resolved.flatMap((row) => (row.route.frame ? [[row.fullPath, row.route]] : []))),
    [resolved],
  );
  const [visited] = useStore<VisitedView[]>(VISITED_VIEWS_KEY, []);
  const [tagsView] = useSetting('tagsView');
  const { pathname } = useLocation();
  const boxRef = useRef<HTMLDivElement>(null);
  const [top, setTop] = useState(0);

  // The frame fills the window below whatever sits above it (header, tags view, a mobile bar).
  // biome-ignore lint/correctness/useExhaustiveDependencies: measured again when the layout above may have changed
  useLayoutEffect(() => {
    const measure = () => setTop(Math.max(0, (boxRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [box, pathname, tagsView]);

  useEffect(() => {
    for (const [id, entry] of Object.entries(frames)) {
      // The tags view's "refresh" passes through /redirect<path>: the frame is dropped and created again.
      const refreshing = pathname === `/redirect${id}`;
      const kept = id === pathname || (tagsView && !refreshing && visited.some((view) => view.path === id));
      if (entry.enable && !kept) dispatch({ type: 'destroyed', id });
    }
  }, [frames, visited, tagsView, pathname, dispatch]);

  return (
    <Box ref={boxRef} data-testid="frame-box" hidden={!box} sx={{ mx: -1 }}>
      {Object.entries(frames).map(([id, entry]) => {
        const route = frameRoutes.get(id);
        if (!entry.enable || !route?.frame) return null;
        return (
          <Box
            key={id}
            component="iframe"
            title={route.title ? translate(route.title) : id}
            data-frame-id={id}
            src={frameAddress(route.frame, entry.params)}
            sx={{
              display: entry.show ? 'block' : 'none',
              width: 1,
              height: `calc(100vh - ${top}px)`,
              minHeight: 320,
              border: 0,
              bgcolor: 'background.paper',
            }}
          />
        );
      })}
    </Box>
  );
};
