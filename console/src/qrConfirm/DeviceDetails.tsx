import { Box, Typography } from '@mui/material';
import type { QrLoginInfo as QrLoginInfoAnswer } from '@pmbok/api-types';
import { useTranslate } from 'react-admin';
import { describeUserAgent } from './describeUserAgent';

/** user/qrLoginInfo: the sign-in a QR code asks for, as the phone shows it. */
export type QrLoginInfo = QrLoginInfoAnswer & {
  /** The states the auth service's QR sign-in passes through (a string on the wire). */
  status: 'pending' | 'expired' | 'confirmed' | 'completed' | 'refused' | 'unregistered';
};

/** Which device asks to sign in: browser, system, network address and time. */
export const DeviceDetails = ({ info }: { info: QrLoginInfo }) => {
  const translate = useTranslate();
  const { browser, os } = describeUserAgent(info.userAgent);
  const unknown = translate('app.qr_confirm.unknown');
  const rows: [string, string, string][] = [
    ['browser', translate('app.qr_confirm.browser'), browser || unknown],
    ['os', translate('app.qr_confirm.os'), os || unknown],
    ['ip', translate('app.qr_confirm.ip'), info.clientIp || unknown],
    ['time', translate('app.qr_confirm.time'), new Date(info.requestedAt).toLocaleString('zh-CN', { hour12: false })],
  ];
  return (
    <Box
      component="dl"
      data-testid="qr-device"
      sx={{
        m: 0,
        p: 2,
        borderRadius: 2,
        bgcolor: 'grey.50',
        border: 1,
        borderColor: 'divider',
        display: 'grid',
        gridTemplateColumns: 'auto 1fr',
        columnGap: 2,
        rowGap: 1,
      }}
    >
      {rows.map(([key, label, value]) => (
        <Box key={key} sx={{ display: 'contents' }}>
          <Typography component="dt" color="text.secondary">
            {label}
          </Typography>
          <Typography
            component="dd"
            sx={{ m: 0, fontWeight: 500, wordBreak: 'break-all' }}
            data-testid={`qr-device-${key}`}
          >
            {value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
};
