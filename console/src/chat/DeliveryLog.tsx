import {
  Box,
  Chip,
  CircularProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../utils/formatTime';
import { kindKey, type WebhookDelivery, webhookApi } from './chatApi';

export const deliveriesKey = (webhookId: number) => ['webhook', webhookId, 'deliveries'] as const;

const STATUS_COLOR: Record<WebhookDelivery['status'], 'default' | 'success' | 'warning' | 'error'> = {
  pending: 'default',
  retrying: 'warning',
  succeeded: 'success',
  failed: 'error',
};

/** A webhook's latest deliveries: when, what, how it went and what the target answered on the last attempt. */
export const DeliveryLog = ({ webhookId }: { webhookId: number }) => {
  const translate = useTranslate();
  const { data, isPending } = useQuery({
    queryKey: deliveriesKey(webhookId),
    queryFn: () => webhookApi.deliveries(webhookId, 1, 10),
  });
  if (isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
        <CircularProgress size={18} />
      </Box>
    );
  if (!data?.list.length)
    return (
      <Typography variant="body2" color="text.secondary" sx={{ py: 1.5, px: 2 }}>
        {translate('app.chat.webhook.no_deliveries')}
      </Typography>
    );
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="webhook-deliveries">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.chat.webhook.time')}</TableCell>
            <TableCell>{translate('app.chat.webhook.event')}</TableCell>
            <TableCell>{translate('app.chat.webhook.status')}</TableCell>
            <TableCell align="right">{translate('app.chat.webhook.attempts')}</TableCell>
            <TableCell>{translate('app.chat.webhook.response')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {data.list.map((delivery) => {
            const last = delivery.attempts[delivery.attempts.length - 1];
            const answer = last
              ? last.error || `HTTP ${last.statusCode}${last.durationMs ? ` · ${last.durationMs} ms` : ''}`
              : '';
            return (
              <TableRow key={delivery.deliveryId} data-testid="webhook-delivery" data-status={delivery.status}>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatMinute(delivery.createdAt)}</TableCell>
                <TableCell>
                  {delivery.event === 'test'
                    ? translate('app.chat.webhook.test_event')
                    : delivery.title || translate(kindKey(delivery.event), { _: delivery.event })}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLOR[delivery.status] ?? 'default'}
                    label={translate(`app.chat.webhook.delivery_status.${delivery.status}`, { _: delivery.status })}
                  />
                </TableCell>
                <TableCell align="right">{delivery.attempts.length}</TableCell>
                <TableCell sx={{ maxWidth: 320, wordBreak: 'break-word' }}>
                  <Typography variant="caption" color={last?.error ? 'error' : 'text.secondary'}>
                    {answer}
                  </Typography>
                  {delivery.nextAttemptAt > 0 && (
                    <Typography variant="caption" color="text.secondary" component="div">
                      {translate('app.chat.webhook.next_attempt', { time: formatMinute(delivery.nextAttemptAt) })}
                    </Typography>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </Box>
  );
};
