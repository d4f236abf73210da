import NotificationsNoneIcon from '@mui/icons-material/NotificationsNone';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { unreadBadge } from './unreadBadge';
import { useUnreadCount } from './useUnreadCount';

/** The bell: unread team messages, leading to /chat. */
export const NotificationBell = () => {
  const translate = useTranslate();
  const badge = unreadBadge(useUnreadCount());
  return (
    <Tooltip title={translate('app.header.messages')}>
      <IconButton
        color="inherit"
        component={Link}
        to="/chat"
        // the badge's number is shown, so it is said too (消息 3)
        aria-label={badge ? `${translate('app.header.messages')} ${badge}` : translate('app.header.messages')}
      >
        <Badge badgeContent={badge} invisible={!badge} color="error" data-testid="unread-badge">
          <NotificationsNoneIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
};
