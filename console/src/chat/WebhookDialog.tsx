import {
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormHelperText,
  MenuItem,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { type KindInfo, kindKey, NOTIFICATION_GROUPS, WEBHOOK_KINDS, type Webhook, type WebhookDraft } from './chatApi';

/** The kinds a webhook of this scope can send: a project's have no team events. */
export const kindsFor = (kinds: readonly KindInfo[], scope: 'team' | 'project') =>
  kinds.filter((k) => scope === 'team' || k.group !== 'team');

export const draftOf = (
  webhook: Webhook | null,
  scope: 'team' | 'project',
  kinds: readonly KindInfo[],
): WebhookDraft => ({
  webhookId: webhook?.webhookId ?? 0,
  name: webhook?.name ?? '',
  kind: webhook?.kind ?? 'feishu',
  url: webhook?.url ?? '',
  secret: '',
  clearSecret: false,
  events: webhook?.events ?? kindsFor(kinds, scope).map((k) => k.kind),
  enabled: webhook?.enabled ?? true,
});

/** What is wrong with a draft before it travels (the server says the same): a text key per field. */
export function draftErrors(draft: WebhookDraft): Partial<Record<'name' | 'url' | 'events', string>> {
  const errors: Partial<Record<'name' | 'url' | 'events', string>> = {};
  if (!draft.name.trim()) errors.name = 'app.chat.webhook.name_required';
  if (!draft.url.trim()) errors.url = 'app.chat.webhook.url_required';
  else if (!/^https?:\/\//i.test(draft.url.trim())) errors.url = 'app.chat.webhook.url_invalid';
  if (draft.events.length === 0) errors.events = 'app.chat.webhook.events_required';
  return errors;
}

interface WebhookDialogProps {
  webhook: Webhook | null;
  scope: 'team' | 'project';
  /** Every kind (`message/settings`). */
  allKinds: readonly KindInfo[];
  onClose: () => void;
  onSave: (draft: WebhookDraft) => Promise<boolean>;
}

/** Adding or editing a webhook: name, robot kind, URL, signing secret, the notifications it sends, on or off. */
export const WebhookDialog = ({ webhook, scope, allKinds, onClose, onSave }: WebhookDialogProps) => {
  const translate = useTranslate();
  const [draft, setDraft] = useState(() => draftOf(webhook, scope, allKinds));
  const [tried, setTried] = useState(false);
  const [saving, setSaving] = useState(false);
  const errors = tried ? draftErrors(draft) : {};
  const set = (change: Partial<WebhookDraft>) => setDraft((current) => ({ ...current, ...change }));
  const kinds = kindsFor(allKinds, scope);

  const save = async () => {
    setTried(true);
    if (Object.keys(draftErrors(draft)).length) return;
    setSaving(true);
    const saved = await onSave({ ...draft, name: draft.name.trim(), url: draft.url.trim() });
    setSaving(false);
    if (saved) onClose();
  };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth data-testid="webhook-dialog">
      <DialogTitle>{translate(webhook ? 'app.chat.webhook.edit' : 'app.chat.webhook.add')}</DialogTitle>
      <DialogContent dividers sx={{ display: 'grid', gap: 2 }}>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
          <TextField
            name="name"
            label={translate('app.chat.webhook.name')}
            value={draft.name}
            onChange={(event) => set({ name: event.target.value })}
            required
            error={Boolean(errors.name)}
            helperText={errors.name ? translate(errors.name) : undefined}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            select
            name="kind"
            label={translate('app.chat.webhook.kind')}
            value={draft.kind}
            onChange={(event) => set({ kind: event.target.value as WebhookDraft['kind'] })}
          >
            {WEBHOOK_KINDS.map((kind) => (
              <MenuItem key={kind} value={kind}>
                {translate(`app.chat.webhook.kinds.${kind}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <TextField
          name="url"
          label={translate('app.chat.webhook.url')}
          value={draft.url}
          onChange={(event) => set({ url: event.target.value })}
          required
          error={Boolean(errors.url)}
          helperText={translate(errors.url ?? 'app.chat.webhook.url_hint')}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <Box>
          <TextField
            name="secret"
            fullWidth
            type="password"
            autoComplete="new-password"
            label={translate('app.chat.webhook.secret')}
            value={draft.secret}
            onChange={(event) => set({ secret: event.target.value, clearSecret: false })}
            disabled={draft.clearSecret}
            helperText={webhook?.hasSecret ? translate('app.chat.webhook.secret_keep') : undefined}
            slotProps={{ htmlInput: { maxLength: 200 } }}
          />
          {webhook?.hasSecret && (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={draft.clearSecret}
                  onChange={(event) => set({ clearSecret: event.target.checked, secret: '' })}
                />
              }
              label={<Typography variant="body2">{translate('app.chat.webhook.clear_secret')}</Typography>}
            />
          )}
        </Box>
        <Box>
          <Typography variant="subtitle2" sx={{ mb: 0.5 }}>
            {translate('app.chat.webhook.events')}
          </Typography>
          {NOTIFICATION_GROUPS.map((group) => {
            const inGroup = kinds.filter((k) => k.group === group);
            if (!inGroup.length) return null;
            return (
              <Box key={group} sx={{ display: 'grid', gridTemplateColumns: '40px 1fr', alignItems: 'baseline' }}>
                <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                  {translate(`app.chat.groups.${group}`)}
                </Typography>
                <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                  {inGroup.map(({ kind }) => (
                    <FormControlLabel
                      key={kind}
                      sx={{ mr: 1 }}
                      control={
                        <Checkbox
                          size="small"
                          checked={draft.events.includes(kind)}
                          onChange={(event) =>
                            set({
                              events: event.target.checked
                                ? [...draft.events, kind]
                                : draft.events.filter((k) => k !== kind),
                            })
                          }
                        />
                      }
                      label={<Typography variant="body2">{translate(kindKey(kind))}</Typography>}
                    />
                  ))}
                </Box>
              </Box>
            );
          })}
          {errors.events && <FormHelperText error>{translate(errors.events)}</FormHelperText>}
        </Box>
        <FormControlLabel
          control={<Switch checked={draft.enabled} onChange={(event) => set({ enabled: event.target.checked })} />}
          label={translate('app.chat.webhook.enabled')}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.chat.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={saving} data-testid="webhook-save">
          {translate('app.chat.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
