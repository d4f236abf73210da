import CloseIcon from '@mui/icons-material/Close';
import { Box } from '@mui/material';
import { type MouseEvent, useEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import { useVisitedViews, type VisitedView } from '../navigation/useVisitedViews';
import { TagsContextMenu } from './TagsContextMenu';

const MIDDLE_BUTTON = 1;

/** Tabs of visited views: click opens, middle-click or × closes, right-click offers refresh and close actions. */
export const TagsView = () => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const { views, close, closeOthers, closeAll, refresh } = useVisitedViews();
  const [menu, setMenu] = useState<{ view: VisitedView; top: number; left: number } | null>(null);
  const activeRef = useRef<HTMLAnchorElement>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll again whenever the current tab changes
  useEffect(() => {
    activeRef.current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [pathname, views.length]);

  const openMenu = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    setMenu({ view, top: event.clientY, left: event.clientX });
  };
  const closeTab = (event: MouseEvent, view: VisitedView) => {
    event.preventDefault();
    event.stopPropagation();
    if (!view.affix) close(view);
  };

  return (
    <Box
      component="nav"
      data-testid="tags-view"
      sx={{
        mx: -1,
        height: 34,
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        px: 1.5,
        overflowX: 'auto',
        whiteSpace: 'nowrap',
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
        boxShadow: '0 1px 3px 0 rgba(0, 0, 0, 0.08)',
        scrollPaddingInline: 4,
      }}
    >
      {views.map((view) => {
        const active = view.path === pathname;
        return (
          <Box
            key={view.group ?? view.path}
            component={Link}
            to={view.fullPath}
            ref={active ? activeRef : undefined}
            data-active={active || undefined}
            onContextMenu={(event: MouseEvent) => openMenu(event, view)}
            onAuxClick={(event: MouseEvent) => event.button === MIDDLE_BUTTON && closeTab(event, view)}
            sx={{
              display: 'inline-flex',
              alignItems: 'center',
              gap: 0.5,
              height: 26,
              px: 1,
              fontSize: 12,
              textDecoration: 'none',
              border: 1,
              borderRadius: 0.5,
              color: active ? 'primary.contrastText' : 'text.primary',
              bgcolor: active ? 'primary.main' : 'background.paper',
              borderColor: active ? 'primary.main' : '#d8dce5',
              '&::before': active ? { content: '""', width: 8, height: 8, borderRadius: '50%', bgcolor: '#fff' } : {},
            }}
          >
            {translate(view.title)}
            {!view.affix && (
              <CloseIcon
                aria-label={translate('app.tags.close')}
                onClick={(event: MouseEvent) => closeTab(event, view)}
                sx={{ fontSize: 14, borderRadius: '50%', '&:hover': { bgcolor: 'rgba(0,0,0,0.16)' } }}
              />
            )}
          </Box>
        );
      })}
      <TagsContextMenu state={menu} onClose={() => setMenu(null)} actions={{ refresh, close, closeOthers, closeAll }} />
    </Box>
  );
};
