import { Box, Drawer, useMediaQuery } from '@mui/material';
import { useEffect } from 'react';
import type { SidebarProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useSetting } from '../settings/settings';
import { APP_BAR_HEIGHT, SIDEBAR_WIDTH } from './dimensions';
import { MOBILE_QUERY, useMobileMenu } from './MobileMenu';

/** Never collapsed on desktop; on mobile a drawer that closes on load and on every route change. */
export const AppSidebar = ({ children }: SidebarProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { open, setOpen } = useMobileMenu();
  const { pathname } = useLocation();

  const [fixedHeader] = useSetting('fixedHeader');

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is a reaction to navigation (and to loading)
  useEffect(() => {
    if (mobile) setOpen(false);
  }, [pathname, mobile, setOpen]);

  if (mobile) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={() => setOpen(false)}
        slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH, pt: 1 } } }}
      >
        {children}
      </Drawer>
    );
  }
  return (
    <Box
      component="nav"
      sx={{
        width: SIDEBAR_WIDTH,
        flexShrink: 0,
        position: 'sticky',
        // below a fixed header; a header that scrolls away leaves the whole height
        top: fixedHeader ? APP_BAR_HEIGHT : 0,
        alignSelf: 'flex-start',
        height: fixedHeader ? `calc(100vh - ${APP_BAR_HEIGHT}px)` : '100vh',
        overflowY: 'auto',
        bgcolor: 'background.paper',
        borderRight: 1,
        borderColor: 'divider',
      }}
    >
      {children}
    </Box>
  );
};
