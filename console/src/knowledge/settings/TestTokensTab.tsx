import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useNotify, useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { type TestToken, testKeys, testsApi, useTestTokens } from '../tests/testsApi';
import type { TabProps } from './ProjectSettingsPage';
import { TokenCreatedDialog } from './TokenCreatedDialog';

/** API 令牌 (managers only): the project's tokens for the CLI in CI; created (shown once) and revoked here. */
export const TestTokensTab = ({ projectId, readOnly }: TabProps) => {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.tokens.${key}`, options);
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data, isPending, error } = useTestTokens(projectId, !readOnly);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState('');
  const [revoking, setRevoking] = useState<TestToken | null>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: testKeys.tokens(projectId) });

  const create = async () => {
    setBusy(true);
    try {
      const answer = await testsApi.createToken(projectId, name.trim());
      setNaming(false);
      setName('');
      setCreated(answer.token);
      await refresh();
    } catch {
      // toasted by the request client
    } finally {
      setBusy(false);
    }
  };
  const revoke = async () => {
    if (!revoking) return;
    setBusy(true);
    try {
      await testsApi.revokeToken(projectId, revoking.testTokenId);
      notify('app.knowledge.tests.tokens.revoked_done', { type: 'info' });
      await refresh();
    } catch {
      // toasted
    } finally {
      setBusy(false);
      setRevoking(null);
    }
  };

  if (isPending) return <LinearProgress />;
  if (error) return <Alert severity="warning">{error.message}</Alert>;
  const tokens = data?.list ?? [];

  return (
    <Box data-testid="tokens-tab">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ flex: 1 }}>
          {t('intro')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setNaming(true)} sx={{ flex: 'none' }}>
          {t('create')}
        </Button>
      </Box>
      {tokens.length === 0 ? (
        <Box sx={{ py: 5, textAlign: 'center', color: 'text.secondary' }}>
          <KeyIcon sx={{ fontSize: 40, color: 'text.disabled' }} />
          <Typography sx={{ mt: 1 }}>{t('empty')}</Typography>
        </Box>
      ) : (
        <Box sx={{ overflowX: 'auto' }}>
          <Table size="small" sx={{ minWidth: 720, '& th': { color: 'text.secondary', fontWeight: 500 } }}>
            <TableHead>
              <TableRow>
                <TableCell>{t('name')}</TableCell>
                <TableCell>{t('prefix')}</TableCell>
                <TableCell>{t('created_by')}</TableCell>
                <TableCell>{t('created_at')}</TableCell>
                <TableCell>{t('last_used')}</TableCell>
                <TableCell>{t('status')}</TableCell>
                <TableCell align="right" />
              </TableRow>
            </TableHead>
            <TableBody>
              {tokens.map((token) => (
                <TableRow
                  key={token.testTokenId}
                  data-testid="token-row"
                  data-name={token.name}
                  sx={{ opacity: token.revoked ? 0.6 : 1 }}
                >
                  <TableCell sx={{ fontWeight: 500 }}>{token.name}</TableCell>
                  <TableCell sx={{ fontFamily: 'monospace' }}>{token.prefix}…</TableCell>
                  <TableCell>{token.createdByName}</TableCell>
                  <TableCell>{formatMinute(token.createdAt)}</TableCell>
                  <TableCell>{token.lastUsedAt ? formatMinute(token.lastUsedAt) : t('never_used')}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={token.revoked ? 'default' : 'success'}
                      variant="outlined"
                      label={t(token.revoked ? 'revoked' : 'active')}
                    />
                  </TableCell>
                  <TableCell align="right">
                    {!token.revoked && (
                      <Button size="small" color="error" onClick={() => setRevoking(token)}>
                        {t('revoke')}
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Box>
      )}
      <Dialog open={naming} onClose={() => setNaming(false)} maxWidth="xs" fullWidth>
        <DialogTitle>{t('create')}</DialogTitle>
        <DialogContent sx={{ pt: '8px !important' }}>
          <TextField
            autoFocus
            fullWidth
            label={t('name')}
            placeholder={t('name_hint')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && name.trim() && !busy) void create();
            }}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setNaming(false)}>{translate('ra.action.cancel')}</Button>
          <Button variant="contained" disabled={!name.trim() || busy} onClick={() => void create()}>
            {t('create')}
          </Button>
        </DialogActions>
      </Dialog>
      {created && <TokenCreatedDialog token={created} projectId={projectId} onClose={() => setCreated('')} />}
      <Confirm
        isOpen={Boolean(revoking)}
        loading={busy}
        title="app.knowledge.tests.tokens.revoke_title"
        content="app.knowledge.tests.tokens.revoke_content"
        contentTranslateOptions={{ name: revoking?.name ?? '' }}
        confirmColor="warning"
        confirm="app.knowledge.tests.tokens.revoke"
        onConfirm={() => void revoke()}
        onClose={() => setRevoking(null)}
      />
    </Box>
  );
};
