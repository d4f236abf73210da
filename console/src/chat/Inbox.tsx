import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import DoneAllIcon from '@mui/icons-material/DoneAll';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import {
  Avatar,
  Box,
  Button,
  Chip,
  CircularProgress,
  FormControlLabel,
  IconButton,
  List,
  ListItemButton,
  MenuItem,
  Pagination,
  Switch,
  Tab,
  Tabs,
  TextField,
  Typography,
} from '@mui/material';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { activitySentence, activitySummary } from '../activity/sentence';
import { PersonAvatar } from '../avatar/PersonAvatar';
import { MOBILE } from '../layout/responsive';
import { useSetUnread } from '../live/LiveProvider';
import { useRelativeTime } from '../utils/useRelativeTime';
import { kindKey, messageApi, NOTIFICATION_GROUPS, type Notification } from './chatApi';
import { InboxSettingsDialog } from './InboxSettingsDialog';
import { appPath } from './messageText';

export const PAGE_SIZE = 20;
export const inboxKey = (teamId: number | null) => ['chat', teamId, 'inbox'] as const;

interface InboxProps {
  teamId: number | null;
  /** The projects the caller has channels for, to filter by. */
  projects: { projectId: number; name: string }[];
  onBack: () => void;
}

const NotificationRow = ({ item, onOpen }: { item: Notification; onOpen: (item: Notification) => void }) => {
  const translate = useTranslate();
  const { formatRelative } = useRelativeTime();
  return (
    <ListItemButton
      onClick={() => onOpen(item)}
      data-testid="chat-notification"
      data-read={item.read}
      data-kind={item.kind}
      data-link={item.link}
      sx={{
        alignItems: 'flex-start',
        gap: 1.5,
        py: 1.5,
        px: { xs: 1.5, md: 2.5 },
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Box sx={{ width: 8, pt: 1.75, flexShrink: 0 }}>
        {!item.read && (
          <Box sx={{ width: 8, height: 8, borderRadius: '50%', bgcolor: 'error.main' }} data-testid="chat-unread-dot" />
        )}
      </Box>
      {item.actorId ? (
        <PersonAvatar id={item.actorId} name={item.actorName} size={36} />
      ) : (
        <Avatar sx={{ width: 36, height: 36, fontSize: 15, bgcolor: 'grey.600' }}>
          {[...(item.actorName || '系')][0]}
        </Avatar>
      )}
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography
          variant="body2"
          sx={{ fontWeight: item.read ? 400 : 600, wordBreak: 'break-word' }}
          data-testid="chat-notification-title"
        >
          {activitySentence(translate, item)}
        </Typography>
        {item.summary && (
          <Typography
            variant="body2"
            color="text.secondary"
            sx={{
              mt: 0.25,
              whiteSpace: 'pre-wrap',
              wordBreak: 'break-word',
              display: '-webkit-box',
              WebkitLineClamp: 3,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {activitySummary(translate, item)}
          </Typography>
        )}
        {item.changes.length > 0 && !item.summary && (
          <Typography variant="caption" color="text.secondary" component="div" sx={{ mt: 0.25 }}>
            {activitySummary(translate, { ...item, phrase: 'doc.changed' })}
          </Typography>
        )}
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mt: 0.75, flexWrap: 'wrap' }}>
          <Chip size="small" variant="outlined" label={translate(kindKey(item.kind), { _: item.kind })} />
          {item.projectName && <Chip size="small" label={item.projectName} />}
          <Typography variant="caption" color="text.secondary">
            {formatRelative(item.createdAt)}
          </Typography>
        </Box>
      </Box>
    </ListItemButton>
  );
};

/** The inbox: notifications newest first, by group, project and unread; one opened is read; all read at once. */
export const Inbox = ({ teamId, projects, onBack }: InboxProps) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const setUnread = useSetUnread();
  const [group, setGroup] = useState('');
  const [projectId, setProjectId] = useState(0);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const [page, setPage] = useState(1);
  const [settings, setSettings] = useState(false);
  const filters = { page, pageSize: PAGE_SIZE, group, projectId, unreadOnly };
  const { data, isPending } = useQuery({
    queryKey: [...inboxKey(teamId), filters],
    queryFn: () => messageApi.list(filters),
    placeholderData: keepPreviousData,
  });
  const pages = Math.max(1, Math.ceil((data?.total ?? 0) / PAGE_SIZE));

  const refresh = () => queryClient.invalidateQueries({ queryKey: ['chat', teamId] });
  const open = async (item: Notification) => {
    if (!item.read) {
      try {
        const { unReadCount } = await messageApi.read([item.notificationId]);
        setUnread(Number(unReadCount));
      } catch {
        // still open it
      }
      void refresh();
    }
    const path = appPath(item.link, window.location.origin);
    if (path) navigate(path);
  };
  const readAll = async () => {
    const { unReadCount } = await messageApi.readAll();
    setUnread(Number(unReadCount));
    void refresh();
  };
  const change = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', flex: 1, minWidth: 0, minHeight: 0 }} data-testid="chat-inbox">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: { xs: 1, md: 2 }, pt: 1, flexWrap: 'wrap' }}>
        <IconButton
          onClick={onBack}
          aria-label={translate('app.chat.back')}
          sx={{ display: 'none', [MOBILE]: { display: 'inline-flex' } }}
        >
          <ArrowBackIcon />
        </IconButton>
        <Typography variant="subtitle1" sx={{ fontWeight: 600, flex: 1 }}>
          {translate('app.chat.inbox')}
        </Typography>
        <Button size="small" startIcon={<DoneAllIcon />} onClick={() => void readAll()} data-testid="chat-read-all">
          {translate('app.chat.all_read')}
        </Button>
        <Button
          size="small"
          startIcon={<SettingsOutlinedIcon />}
          onClick={() => setSettings(true)}
          data-testid="chat-inbox-settings"
        >
          {translate('app.chat.settings')}
        </Button>
      </Box>
      <Tabs
        value={group}
        onChange={(_event, value: string) => change(() => setGroup(value))}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: 1, minHeight: 40, '& .MuiTab-root': { minHeight: 40, minWidth: 56 } }}
      >
        <Tab value="" label={translate('app.chat.groups.all')} />
        {NOTIFICATION_GROUPS.map((g) => (
          <Tab key={g} value={g} label={translate(`app.chat.groups.${g}`)} data-testid={`chat-group-${g}`} />
        ))}
      </Tabs>
      <Box
        sx={{
          display: 'flex',
          gap: 2,
          alignItems: 'center',
          px: { xs: 1.5, md: 2.5 },
          py: 1,
          borderBottom: 1,
          borderColor: 'divider',
          flexWrap: 'wrap',
        }}
      >
        <TextField
          select
          size="small"
          label={translate('app.chat.project')}
          value={projectId}
          onChange={(event) => change(() => setProjectId(Number(event.target.value)))}
          fullWidth={false}
          sx={{ width: 220 }}
          data-testid="chat-project-filter"
        >
          <MenuItem value={0}>{translate('app.chat.all_projects')}</MenuItem>
          {projects.map((p) => (
            <MenuItem key={p.projectId} value={p.projectId}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch
              size="small"
              checked={unreadOnly}
              onChange={(event) => change(() => setUnreadOnly(event.target.checked))}
              data-testid="chat-unread-only"
            />
          }
          label={translate('app.chat.unread_only')}
        />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto', minHeight: 0 }}>
        {isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress size={24} />
          </Box>
        ) : !data?.list.length ? (
          <Typography color="text.secondary" sx={{ textAlign: 'center', py: 8 }} data-testid="chat-inbox-empty">
            {translate(unreadOnly ? 'app.chat.empty_unread' : 'app.chat.empty_inbox')}
          </Typography>
        ) : (
          <List component="div" disablePadding>
            {data.list.map((item) => (
              <NotificationRow key={item.notificationId} item={item} onOpen={(n) => void open(n)} />
            ))}
          </List>
        )}
      </Box>
      {pages > 1 && (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 1, borderTop: 1, borderColor: 'divider' }}>
          <Pagination
            size="small"
            count={pages}
            page={page}
            onChange={(_event, value) => setPage(value)}
            color="primary"
          />
        </Box>
      )}
      <InboxSettingsDialog open={settings} onClose={() => setSettings(false)} />
    </Box>
  );
};
