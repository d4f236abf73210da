import { Box, Drawer, useMediaQuery } from '@mui/material';
import { useEffect } from 'react';
import type { SidebarProps } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { MOBILE_QUERY, useMobileMenu } from './MobileMenu';
import { SIDEBAR_WIDTH } from './sidebarWidth';

/** Never collapsed on desktop; on mobile a drawer that closes on every route change. */
export const AppSidebar = ({ children }: SidebarProps) => {
  const mobile = useMediaQuery(MOBILE_QUERY);
  const { open, setOpen } = useMobileMenu();
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is a reaction to navigation
  useEffect(() => setOpen(false), [pathname, setOpen]);

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
        top: 48,
        alignSelf: 'flex-start',
        height: 'calc(100vh - 48px)',
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
