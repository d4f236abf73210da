import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useCallback, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { QrImage } from '../login/QrImage';
import { useQrLogin } from '../login/useQrLogin';

/**
 * Binding a WeChat account: scanning a fresh QR code with WeChat marks its ticket with the scanner's identity
 * (code 508 for an identity no account has), which userInfo/bindWechat then binds to this account. Only the
 * WeChat official-account provider can tell who scanned; with the embedded provider the dialog says so.
 */
export const WechatBindDialog = ({ onClose, onBound }: { onClose: () => void; onBound: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const [problem, setProblem] = useState('');
  const bind = useCallback(
    async (ticket: string) => {
      try {
        await request('userInfo/bindWechat', { ticket });
        notify('app.bind.success', { type: 'success' });
        onBound();
        onClose();
      } catch {
        // the request client has shown the server's message
      }
    },
    [notify, onBound, onClose],
  );
  // a scan by a WeChat account that is already bound signs that account in: not what was asked here
  const alreadyBound = useCallback(() => setProblem('app.security.wechat_taken'), []);
  const { state, refresh } = useQrLogin({ onSignedIn: alreadyBound, onUnregistered: bind, only: 'wechat' });

  return (
    <Dialog open onClose={onClose} maxWidth="xs" fullWidth>
      <DialogTitle>{translate('app.security.bind_wechat')}</DialogTitle>
      <DialogContent>
        {state.phase === 'unsupported' ? (
          <Alert severity="info" data-testid="wechat-unsupported">
            {translate('app.security.wechat_needs_official_account')}
          </Alert>
        ) : (
          <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 2 }}>
            <QrImage state={state} onRefresh={refresh} />
            <Typography color="text.secondary">{translate('app.security.wechat_scan')}</Typography>
            {problem && <Alert severity="warning">{translate(problem)}</Alert>}
          </Box>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.close')}</Button>
      </DialogActions>
    </Dialog>
  );
};
