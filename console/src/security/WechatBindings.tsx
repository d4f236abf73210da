import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Box, Button, List, ListItem, ListItemText, Typography } from '@mui/material';
import type { WechatBinding } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';

/** userInfo/bindList with unbinding (userInfo/deleteBindWechat). */
export function useWechatBindings() {
  return useQuery({ queryKey: ['wechatBindings'], queryFn: () => request<WechatBinding[]>('userInfo/bindList') });
}

export const WechatBindingList = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const { data: bindings = [], refetch } = useWechatBindings();
  const [unbinding, setUnbinding] = useState<WechatBinding | null>(null);
  const [busy, setBusy] = useState(false);

  const unbind = async () => {
    if (!unbinding) return;
    setBusy(true);
    try {
      await request('userInfo/deleteBindWechat', { wechatUserId: unbinding.wechatUserId });
      notify('app.security.wechat_unbound', { type: 'success' });
      await refetch();
    } catch {
      // the request client has shown the server's message
    } finally {
      setBusy(false);
      setUnbinding(null);
    }
  };

  if (bindings.length === 0) return null;
  return (
    <Box sx={{ pl: { sm: 7 } }}>
      <List dense disablePadding data-testid="wechat-bindings">
        {bindings.map((binding) => (
          <ListItem
            key={binding.wechatUserId}
            disableGutters
            secondaryAction={
              <Button size="small" color="error" startIcon={<LinkOffIcon />} onClick={() => setUnbinding(binding)}>
                {translate('app.security.unbind')}
              </Button>
            }
          >
            <ListItemText
              primary={<Typography sx={{ fontFamily: 'monospace' }}>{binding.wechatUserId}</Typography>}
              secondary={translate('app.security.bound_at', {
                date: new Date(binding.boundAt).toLocaleString('zh-CN', { hour12: false }),
              })}
            />
          </ListItem>
        ))}
      </List>
      <Confirm
        isOpen={Boolean(unbinding)}
        loading={busy}
        title="app.security.unbind_title"
        content="app.security.unbind_content"
        onConfirm={unbind}
        onClose={() => setUnbinding(null)}
      />
    </Box>
  );
};
