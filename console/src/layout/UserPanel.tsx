import AccountCircleIcon from '@mui/icons-material/AccountCircle';
import AddIcon from '@mui/icons-material/Add';
import ArticleIcon from '@mui/icons-material/Article';
import CheckIcon from '@mui/icons-material/Check';
import FeedbackOutlinedIcon from '@mui/icons-material/FeedbackOutlined';
import ForumIcon from '@mui/icons-material/Forum';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import LaptopIcon from '@mui/icons-material/Laptop';
import LogoutIcon from '@mui/icons-material/Logout';
import { Button, Divider, ListItemIcon, ListSubheader, Menu, MenuItem, Typography } from '@mui/material';
import { type ReactNode, useState } from 'react';
import { useLogout, useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { FeedbackDialog } from '../feedback/FeedbackDialog';
import { loginPathFor } from '../navigation/loginPath';
import { displayName, useSessionUser, useTeamId } from '../session/session';
import { useTeamGuide } from '../teams/TeamDialogs';
import { TeamPoster } from '../teams/TeamPoster';
import { useSwitchTeam } from '../teams/useSwitchTeam';
import { BLOG_URL, COMMUNITY_URL, HELP_URL } from './externalLinks';
import { LoginPromptDialog } from './LoginPromptDialog';

/** Navbar avatar area: the user's name and panel, or 'log in now' with the login prompt. */
export const UserPanel = () => {
  const translate = useTranslate();
  const user = useSessionUser();
  const logout = useLogout();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const teamId = useTeamId();
  const switchTeam = useSwitchTeam();
  const { openGuide } = useTeamGuide();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [prompting, setPrompting] = useState(false);
  const [feedback, setFeedback] = useState(false);

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
  const link = (icon: ReactNode, label: string, href: string, testId: string) => (
    <MenuItem
      component="a"
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      data-testid={testId}
      onClick={() => setAnchor(null)}
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
        // not a startIcon: that slot forces its own font size on the avatar's letters
        sx={{ textTransform: 'none', ml: 1, gap: 1 }}
        data-testid="user-name"
      >
        <PersonAvatar id={user.userId} name={name} src={user.avatar} size={28} />
        <span data-testid="user-name-text">{name}</span>
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)} data-testid="user-panel">
        <Typography sx={{ px: 2, py: 1, fontWeight: 600 }} data-testid="user-panel-name">
          {user.trueName || user.nickname}
        </Typography>
        <Divider />
        <ListSubheader sx={{ lineHeight: '32px' }}>{translate('app.navbar.my_teams')}</ListSubheader>
        {user.userTeam.map(({ teamId: id, team }) => {
          const current = id === teamId;
          return (
            <MenuItem
              key={id}
              selected={current}
              data-testid="team-entry"
              data-current={current || undefined}
              aria-current={current || undefined}
              onClick={() => {
                setAnchor(null);
                if (!current) switchTeam(id);
              }}
              sx={{ gap: 1.5, maxWidth: 280 }}
            >
              <TeamPoster index={team.poster} name={team.name} width={24} height={24} rounded={0.5} />
              <Typography noWrap sx={{ flex: 1 }}>
                {team.name}
              </Typography>
              {current && (
                <CheckIcon fontSize="small" color="primary" aria-label={translate('app.navbar.current_team')} />
              )}
            </MenuItem>
          );
        })}
        {item(<AddIcon fontSize="small" />, 'app.navbar.create_team', openGuide, 'create-team')}
        <Divider />
        {item(
          <AccountCircleIcon fontSize="small" />,
          'app.navbar.account',
          () => navigate(`/user/index?t=${Date.now()}`),
          'account',
        )}
        {link(<ForumIcon fontSize="small" />, 'app.navbar.community', COMMUNITY_URL, 'community')}
        {link(<ArticleIcon fontSize="small" />, 'app.navbar.blog', BLOG_URL, 'blog')}
        {link(<HelpOutlineIcon fontSize="small" />, 'app.header.help', HELP_URL, 'help-manual')}
        {item(<FeedbackOutlinedIcon fontSize="small" />, 'app.feedback.title', () => setFeedback(true), 'feedback')}
        {item(<LaptopIcon fontSize="small" />, 'app.navbar.local_mode', () => navigate('/project/index'), 'local-mode')}
        <Divider />
        {item(
          <LogoutIcon fontSize="small" />,
          'app.navbar.logout',
          () => logout({}, loginPathFor(pathname + search)),
          'logout',
        )}
      </Menu>
      <FeedbackDialog open={feedback} onClose={() => setFeedback(false)} />
    </>
  );
};
