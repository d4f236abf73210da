import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import LaptopIcon from '@mui/icons-material/Laptop';
import LogoutIcon from '@mui/icons-material/Logout';
import { Avatar, Button, Divider, ListItemIcon, Menu, MenuItem, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { displayName, useSessionUser } from '../auth/session';
import { loginPathFor } from '../routes/loginPath';
import { LoginPromptDialog } from './LoginPromptDialog';

/** Navbar avatar area: the user's name and panel, or 'log in now' with the login prompt. */
export const UserPanel = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [prompting, setPrompting] = useState(false);

  if (!user) {
    return (
      <>
        <Button color="primary" onClick={() => setPrompting(true)} data-testid="login-now">
          {translate('app.navbar.login_now')}
        </Button>
        <LoginPromptDialog open={prompting} onClose={() => setPrompting(false)} />
      </>
    );
  }

  const name = displayName(user);
  const item = (icon: ReactNode, label: string, action: () => void, testId: string) => (
    <MenuItem
      data-testid={testId}
      onClick={() => {
        setAnchor(null);
        action();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      {translate(label)}
    </MenuItem>
  );
  return (
    <>
      <Button
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
        startIcon={<Avatar src={user.avatar || undefined} alt="" sx={{ width: 28, height: 28 }} />}
        sx={{ textTransform: 'none', ml: 1 }}
        data-testid="user-name"
      >
        {name}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} data-testid="user-panel">
        <Typography sx={{ px: 2, py: 1, fontWeight: 600 }}>{user.trueName || user.nickname}</Typography>
        <Divider />
        {item(
          <AccountCircleIcon fontSize="small" />,
          'app.navbar.account',
          () => navigate(`/user/index?t=${Date.now()}`),
          'account',
        )}
        {item(<LaptopIcon fontSize="small" />, 'app.navbar.local_mode', () => navigate('/project/index'), 'local-mode')}
        <Divider />
        {item(
          <LogoutIcon fontSize="small" />,
          'app.navbar.logout',
          () => logout({}, loginPathFor(pathname + search)),
          'logout',
        )}
      </Menu>
    </>
  );
};
