import { MenuItem } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { type FollowKind, type FollowState, followApi } from './chatApi';

/** 关注 / 取消关注 as an entry of a context menu (a folder in the document tree); absent until the state is known. */
export const FollowMenuItem = ({ kind, id, onDone }: { kind: FollowKind; id: number; onDone: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const key = ['follow', kind, id];
  const { data } = useQuery({ queryKey: key, queryFn: () => followApi.state(kind, id), retry: false });
  if (!data) return null;
  const toggle = async () => {
    onDone();
    try {
      if (data.following) await followApi.remove(kind, id);
      else await followApi.add(kind, id);
      queryClient.setQueryData<FollowState>(key, {
        following: !data.following,
        followers: Math.max(0, data.followers + (data.following ? -1 : 1)),
      });
      notify(data.following ? 'app.chat.follow.unfollowed' : 'app.chat.follow.followed', { type: 'info' });
    } catch {
      // the request client has shown why
    }
  };
  return (
    <MenuItem onClick={() => void toggle()} data-testid="follow-menu-item" data-following={data.following}>
      {translate(data.following ? 'app.chat.follow.unfollow' : 'app.chat.follow.follow')}
    </MenuItem>
  );
};
