import MenuIcon from '@mui/icons-material/Menu';
import { Box, IconButton } from '@mui/material';
import { type AppBarProps, LocalesMenuButton, AppBar as RaAppBar, useTranslate } from 'react-admin';
import { useSessionUser } from '../session/session';
import { SettingsButton } from '../settings/SettingsButton';
import { useSetting } from '../settings/settings';
import { Breadcrumb } from './Breadcrumb';
import { AiButton } from './header/AiButton';
import { ErrorLogButton } from './header/ErrorLogButton';
import { FullscreenButton } from './header/FullscreenButton';
import { NotificationBell } from './header/NotificationBell';
import { RouteSearch } from './header/RouteSearch';
import { SizeMenu } from './header/SizeMenu';
import { Logo } from './Logo';
import { useMobileMenu } from './MobileMenu';
import { DESKTOP, hiddenOnMobile, MOBILE } from './responsive';
import { UserPanel } from './UserPanel';

/** The right-hand tools (SPEC §2.4); the AI button, fullscreen toggle and bell only for a signed-in user. */
const HeaderTools = () => {
  const signedIn = Boolean(useSessionUser());
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.25, ml: 1, flexShrink: 0 }} data-testid="header-tools">
      <Box sx={hiddenOnMobile} data-testid="route-search-box">
        <RouteSearch />
      </Box>
      <ErrorLogButton />
      {signedIn && <AiButton />}
      {signedIn && (
        <Box sx={hiddenOnMobile}>
          <FullscreenButton />
        </Box>
      )}
      {signedIn && (
        <Box sx={hiddenOnMobile}>
          <NotificationBell />
        </Box>
      )}
      <SizeMenu />
      <SettingsButton />
      <Box data-testid="locales">
        <LocalesMenuButton />
      </Box>
    </Box>
  );
};

/**
 * react-admin's AppBar with the logo and breadcrumb in the title slot, the header tools and the user panel as user
 * menu. With Fixed Header off it scrolls away with the page.
 */
export const AppBar = (props: AppBarProps) => {
  const translate = useTranslate();
  const { open, setOpen } = useMobileMenu();
  const [fixedHeader] = useSetting('fixedHeader');
  const [sidebarLogo] = useSetting('sidebarLogo');
  return (
    <RaAppBar
      {...props}
      color="inherit"
      position={fixedHeader ? 'fixed' : 'absolute'}
      userMenu={<UserPanel />}
      toolbar={<HeaderTools />}
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
        // the sidebar is never collapsed; on mobile our own button opens the drawer
        '& .RaAppBar-menuButton': { display: 'none' },
        // a phone has room for the icons only: the logo's name, the language and the user's name go
        [MOBILE]: {
          '& [data-testid="sidebar-logo"] h6': { display: 'none' },
          '& [data-testid="locales"] .MuiButton-root, & [data-testid="user-name"]': { fontSize: 0, minWidth: 0 },
          '& [data-testid="user-name"]': { gap: 0 },
        },
      }}
    >
      <IconButton
        color="inherit"
        aria-label={translate('app.navbar.menu')}
        onClick={() => setOpen(!open)}
        sx={{ [DESKTOP]: { display: 'none' } }}
      >
        <MenuIcon />
      </IconButton>
      {sidebarLogo && (
        <Box sx={{ width: { md: 214 }, flexShrink: 0 }} data-testid="sidebar-logo">
          <Logo />
        </Box>
      )}
      {/* on mobile only a spacer: the breadcrumb would wrap in what the icons leave */}
      <Box sx={{ flex: 1, minWidth: 0, overflow: 'hidden', [MOBILE]: { '& > *': { display: 'none' } } }}>
        <Breadcrumb />
      </Box>
    </RaAppBar>
  );
};
