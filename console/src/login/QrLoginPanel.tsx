import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { TokenAnswer } from '../auth/authProvider';
import { useLoginKit } from './kit';
import { QrImage } from './QrImage';
import { useQrLogin } from './useQrLogin';

interface QrLoginPanelProps {
  onSignedIn: (answer: TokenAnswer) => void;
  onUnregistered: (ticket: string) => void;
}

/**
 * Login type 1 (SPEC §2.3): the QR image, the expiry overlay with refresh, and how to scan it. With WeChat's
 * official account the prompt is to follow it; the embedded provider is scanned by a phone signed in to pmbok.
 */
export const QrLoginPanel = (props: QrLoginPanelProps) => {
  const { translate } = useLoginKit();
  const { state, refresh } = useQrLogin(props);
  const wechat = state.phase !== 'loading' && state.provider === 'wechat';
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', pt: 1 }} data-testid="qr-panel">
      <QrImage state={state} onRefresh={refresh} />
      <Typography sx={{ mt: 2, fontWeight: 500, textAlign: 'center' }}>
        {translate(wechat ? 'app.qr.scan_wechat' : 'app.qr.scan_embedded')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5, textAlign: 'center' }} data-testid="qr-hint">
        {translate(wechat ? 'app.qr.follow' : 'app.qr.embedded_hint')}
      </Typography>
    </Box>
  );
};
