import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import SendOutlinedIcon from '@mui/icons-material/SendOutlined';
import WebhookIcon from '@mui/icons-material/Webhook';
import {
  Alert,
  Box,
  Button,
  Chip,
  CircularProgress,
  Collapse,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  IconButton,
  Paper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { messageApi, SETTINGS_KEY, type Webhook, type WebhookDraft, type WebhookScope, webhookApi } from './chatApi';
import { DeliveryLog, deliveriesKey } from './DeliveryLog';
import { WebhookDialog } from './WebhookDialog';

const webhooksKey = (scope: WebhookScope) =>
  ['webhooks', scope.scope, scope.projectKind ?? '', scope.projectId ?? 0] as const;

const LAST_COLOR: Record<string, 'default' | 'success' | 'warning' | 'error'> = {
  '': 'default',
  succeeded: 'success',
  retrying: 'warning',
  failed: 'error',
};

/**
 * The webhooks of the team or of one project (docs/api/messaging.md "Webhooks"): listed, added, edited, deleted,
 * tested, each with its delivery log. Owners and administrators only (`canManage`); the others are told so, and the
 * list (whose URLs carry keys) is not even asked for.
 */
export const WebhookSettings = ({ scope, canManage }: { scope: WebhookScope; canManage: boolean }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Webhook | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [testing, setTesting] = useState<number | null>(null);
  const { data, isPending, error } = useQuery({
    queryKey: webhooksKey(scope),
    queryFn: () => webhookApi.list(scope),
    enabled: canManage,
    retry: false,
  });
  // the kinds a webhook may send come from the service (`message/settings`), asked for when a dialog opens
  const { data: settings } = useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: messageApi.settings,
    enabled: Boolean(editing),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: webhooksKey(scope) });

  const save = async (draft: WebhookDraft) => {
    try {
      await webhookApi.save(scope, draft);
      notify('app.chat.webhook.saved', { type: 'success' });
      await refresh();
      return true;
    } catch {
      return false;
    }
  };
  const remove = async (webhook: Webhook) => {
    try {
      await webhookApi.remove(webhook.webhookId);
      notify('app.chat.webhook.deleted', { type: 'info' });
      await refresh();
    } catch {
      // the request client has shown why
    }
  };
  const test = async (webhook: Webhook) => {
    setTesting(webhook.webhookId);
    try {
      const delivery = await webhookApi.test(webhook.webhookId);
      const last = delivery.attempts[delivery.attempts.length - 1];
      if (delivery.status === 'succeeded') notify('app.chat.webhook.tested_ok', { type: 'success' });
      else
        notify('app.chat.webhook.tested_failed', {
          type: 'warning',
          messageArgs: { error: last?.error || `HTTP ${last?.statusCode ?? 0}` },
        });
      setOpen(webhook.webhookId);
      await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: deliveriesKey(webhook.webhookId) })]);
    } catch {
      // the request client has shown why
    } finally {
      setTesting(null);
    }
  };

  return (
    <Box data-testid="webhook-settings">
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 2, mb: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flex: 1, minWidth: 220 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, display: 'flex', alignItems: 'center', gap: 1 }}>
            <WebhookIcon fontSize="small" color="primary" />
            {translate('app.chat.webhook.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate(scope.scope === 'team' ? 'app.chat.webhook.team_hint' : 'app.chat.webhook.project_hint')}
          </Typography>
        </Box>
        {canManage && (
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing('new')}
            data-testid="webhook-add"
          >
            {translate('app.chat.webhook.add')}
          </Button>
        )}
      </Box>
      {!canManage ? (
        <Alert severity="info">{translate('app.chat.webhook.managers_only')}</Alert>
      ) : isPending ? (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
          <CircularProgress size={22} />
        </Box>
      ) : error ? (
        <Alert severity="warning">{translate((error as Error).message || 'app.request.error')}</Alert>
      ) : !data?.length ? (
        <Paper variant="outlined" sx={{ py: 4, textAlign: 'center', color: 'text.secondary', borderStyle: 'dashed' }}>
          {translate('app.chat.webhook.none')}
        </Paper>
      ) : (
        <Box sx={{ display: 'grid', gap: 1.5 }}>
          {data.map((webhook) => (
            <Paper key={webhook.webhookId} variant="outlined" data-testid="webhook-row" data-name={webhook.name}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 1.5, flexWrap: 'wrap' }}>
                <Box sx={{ flex: 1, minWidth: 200 }}>
                  <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                    <Typography variant="body1" sx={{ fontWeight: 600 }}>
                      {webhook.name}
                    </Typography>
                    <Chip size="small" variant="outlined" label={translate(`app.chat.webhook.kinds.${webhook.kind}`)} />
                    {!webhook.enabled && <Chip size="small" label={translate('app.chat.webhook.disabled')} />}
                    <Chip
                      size="small"
                      color={LAST_COLOR[webhook.lastStatus] ?? 'default'}
                      label={translate(`app.chat.webhook.last.${webhook.lastStatus || 'none'}`)}
                      data-testid="webhook-last-status"
                    />
                  </Box>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    sx={{ display: 'block', wordBreak: 'break-all', mt: 0.25 }}
                  >
                    {webhook.url}
                  </Typography>
                </Box>
                <Button
                  size="small"
                  variant="outlined"
                  startIcon={testing === webhook.webhookId ? <CircularProgress size={14} /> : <SendOutlinedIcon />}
                  onClick={() => void test(webhook)}
                  disabled={testing !== null}
                  data-testid="webhook-test"
                >
                  {translate('app.chat.webhook.test')}
                </Button>
                <Button
                  size="small"
                  endIcon={open === webhook.webhookId ? <ExpandLessIcon /> : <ExpandMoreIcon />}
                  onClick={() => setOpen(open === webhook.webhookId ? null : webhook.webhookId)}
                  data-testid="webhook-log-toggle"
                >
                  {translate('app.chat.webhook.deliveries')}
                </Button>
                <Tooltip title={translate('app.chat.webhook.edit')}>
                  <IconButton
                    size="small"
                    onClick={() => setEditing(webhook)}
                    aria-label={translate('app.chat.webhook.edit')}
                  >
                    <EditOutlinedIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
                <Tooltip title={translate('app.chat.webhook.delete')}>
                  <IconButton
                    size="small"
                    color="error"
                    onClick={() => setDeleting(webhook)}
                    aria-label={translate('app.chat.webhook.delete')}
                  >
                    <DeleteOutlineIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <Collapse in={open === webhook.webhookId} unmountOnExit>
                <Box sx={{ borderTop: 1, borderColor: 'divider' }}>
                  <DeliveryLog webhookId={webhook.webhookId} />
                </Box>
              </Collapse>
            </Paper>
          ))}
        </Box>
      )}
      {editing && settings && (
        <WebhookDialog
          webhook={editing === 'new' ? null : editing}
          scope={scope.scope}
          allKinds={settings.kinds}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      <Dialog open={Boolean(deleting)} onClose={() => setDeleting(null)} maxWidth="xs" fullWidth>
        <DialogTitle>{translate('app.chat.webhook.delete_title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('app.chat.webhook.delete_content', { name: deleting?.name ?? '' })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>{translate('app.chat.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              if (deleting) void remove(deleting);
              setDeleting(null);
            }}
          >
            {translate('app.chat.webhook.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
};
