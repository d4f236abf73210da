import NotificationsActiveIcon from '@mui/icons-material/NotificationsActive';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import { Button, Tooltip } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { getToken } from '../session/session';
import { type FollowKind, type FollowState, followApi } from './chatApi';

const followKey = (kind: FollowKind, id: number) => ['follow', kind, id] as const;

/**
 * 关注 / 已关注 for a document, folder, project, task project or task: the caller is told in the inbox when it
 * changes. Shows nothing until the server has said whether the caller follows it (or when it cannot say).
 */
export const FollowButton = ({
  kind,
  id,
  size = 'small',
}: {
  kind: FollowKind;
  id: number;
  size?: 'small' | 'medium';
}) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const { data } = useQuery({
    queryKey: followKey(kind, id),
    queryFn: () => followApi.state(kind, id),
    // Signed out (local mode) there is nobody to follow for: asking would answer 402 and end the visit.
    enabled: id > 0 && Boolean(getToken()),
    retry: false,
  });
  if (!data) return null;

  const toggle = async () => {
    setBusy(true);
    try {
      if (data.following) await followApi.remove(kind, id);
      else await followApi.add(kind, id);
      const followers = Math.max(0, data.followers + (data.following ? -1 : 1));
      queryClient.setQueryData<FollowState>(followKey(kind, id), { following: !data.following, followers });
      notify(data.following ? 'app.chat.follow.unfollowed' : 'app.chat.follow.followed', { type: 'info' });
    } catch {
      // the request client has shown why
    } finally {
      setBusy(false);
    }
  };

  const tip = data.followers
    ? `${translate('app.chat.follow.followers', { count: data.followers })} · ${translate('app.chat.follow.hint')}`
    : translate('app.chat.follow.hint');
  return (
    <Tooltip title={data.following ? translate('app.chat.follow.unfollow') : tip}>
      <span>
        <Button
          size={size}
          variant={data.following ? 'contained' : 'outlined'}
          disableElevation
          color="primary"
          startIcon={data.following ? <NotificationsActiveIcon /> : <NotificationsNoneOutlinedIcon />}
          onClick={() => void toggle()}
          disabled={busy}
          data-testid="follow-button"
          data-following={data.following}
          data-kind={kind}
          sx={{ whiteSpace: 'nowrap', flexShrink: 0 }}
        >
          {translate(data.following ? 'app.chat.follow.following' : 'app.chat.follow.follow')}
        </Button>
      </span>
    </Tooltip>
  );
};
