import MenuIcon from '@mui/icons-material/Menu';
import { Box, IconButton } from '@mui/material';
import { type AppBarProps, LocalesMenuButton, AppBar as RaAppBar, useTranslate } from 'react-admin';
import { Breadcrumb } from './Breadcrumb';
import { Logo } from './Logo';
import { useMobileMenu } from './MobileMenu';
import { UserPanel } from './UserPanel';

const MOBILE = '@media (max-width: 991.95px)';
const DESKTOP = '@media (min-width: 992px)';

/** react-admin's AppBar with the logo and breadcrumb in the title slot and the user panel as user menu. */
export const AppBar = (props: AppBarProps) => {
  const translate = useTranslate();
  const { open, setOpen } = useMobileMenu();
  return (
    <RaAppBar
      {...props}
      color="inherit"
      userMenu={<UserPanel />}
      toolbar={<LocalesMenuButton />}
      sx={{
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: '0 1px 4px rgba(0, 21, 41, 0.08)',
        // the sidebar is never collapsed; on mobile our own button opens the drawer
        '& .RaAppBar-menuButton': { display: 'none' },
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
      <Box sx={{ width: { md: 214 }, flexShrink: 0 }}>
        <Logo />
      </Box>
      <Box sx={{ flex: 1, minWidth: 0, [MOBILE]: { visibility: 'hidden' } }}>
        <Breadcrumb />
      </Box>
    </RaAppBar>
  );
};
