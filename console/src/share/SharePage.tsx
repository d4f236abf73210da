import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  InputAdornment,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import type { Invitee, InviteMessage } from '@pmbok/api-types';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { request } from '../api/request';
import { useCopyInviteLink } from '../clipboard/useCopyInviteLink';

/** /share/index: my share code, the invitation link {host}/system/#/invite/{shareCode}, and who registered with it. */
const SharePage = () => {
  const translate = useTranslate();
  const copy = useCopyInviteLink();
  const message = useQuery({
    queryKey: ['inviteMessage'],
    queryFn: () => request<InviteMessage>('userInfo/getInviteMessage'),
  });
  const invitees = useQuery({ queryKey: ['invitees'], queryFn: () => request<Invitee[]>('userInfo/getInviteList') });

  if (message.isPending) return <LinearProgress />;
  if (!message.data) return <Alert severity="error">{translate(message.error?.message || 'app.request.error')}</Alert>;
  const { shareCode, inviteCount, invitePath } = message.data;
  const link = `${window.location.origin}${invitePath}`;

  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'grid', gap: 2, maxWidth: 960 }} data-testid="share">
      <Card variant="outlined">
        <CardHeader title={translate('app.share.title')} slotProps={{ title: { variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          <Box sx={{ display: 'flex', gap: 4, flexWrap: 'wrap', mb: 3 }}>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {translate('app.share.code')}
              </Typography>
              <Typography
                data-testid="share-code"
                sx={{ fontFamily: 'monospace', fontSize: 28, fontWeight: 700, letterSpacing: 4, color: 'primary.main' }}
              >
                {shareCode}
              </Typography>
            </Box>
            <Box>
              <Typography variant="body2" color="text.secondary">
                {translate('app.share.count')}
              </Typography>
              <Typography data-testid="invite-count" sx={{ fontSize: 28, fontWeight: 700 }}>
                {inviteCount}
              </Typography>
            </Box>
          </Box>
          <TextField
            label={translate('app.share.link')}
            value={link}
            fullWidth
            slotProps={{
              htmlInput: { readOnly: true, 'data-testid': 'share-link' },
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <Button startIcon={<ContentCopyIcon />} onClick={() => copy(link)}>
                      {translate('app.share.copy')}
                    </Button>
                  </InputAdornment>
                ),
              },
            }}
          />
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
            {translate('app.share.hint')}
          </Typography>
        </CardContent>
      </Card>
      <Card variant="outlined">
        <CardHeader title={translate('app.share.invitees')} slotProps={{ title: { variant: 'h6' } }} />
        <CardContent sx={{ pt: 0 }}>
          {invitees.data?.length ? (
            <Table size="small" data-testid="invitees">
              <TableHead>
                <TableRow>
                  <TableCell>{translate('app.profile.nickname')}</TableCell>
                  <TableCell>{translate('app.security.telephone')}</TableCell>
                  <TableCell>{translate('app.share.registered_at')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {invitees.data.map((invitee) => (
                  <TableRow key={invitee.userId}>
                    <TableCell>{invitee.nickname}</TableCell>
                    <TableCell>{invitee.telephone}</TableCell>
                    <TableCell>{new Date(invitee.createdAt).toLocaleString('zh-CN', { hour12: false })}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          ) : (
            <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }} data-testid="no-invitees">
              {invitees.isPending ? translate('ra.page.loading') : translate('app.share.none')}
            </Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
};

export default SharePage;
