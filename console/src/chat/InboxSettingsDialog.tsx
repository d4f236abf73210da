import {
  Box,
  Button,
  Checkbox,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  FormControlLabel,
  Switch,
  Typography,
} from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { kindKey, messageApi, NOTIFICATION_GROUPS, SETTINGS_KEY } from './chatApi';

/** The inbox's preferences: the kinds to be told about (unticked ones are muted) and quiet mode (免打扰). */
export const InboxSettingsDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const { data } = useQuery({ queryKey: SETTINGS_KEY, queryFn: messageApi.settings, enabled: open });
  const [muted, setMuted] = useState<string[]>([]);
  const [quiet, setQuiet] = useState(false);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (data && open) {
      setMuted(data.mutedKinds);
      setQuiet(data.quiet);
    }
  }, [data, open]);

  const toggle = (kind: string) =>
    setMuted((list) => (list.includes(kind) ? list.filter((k) => k !== kind) : [...list, kind]));
  const save = async () => {
    setSaving(true);
    try {
      queryClient.setQueryData(SETTINGS_KEY, await messageApi.saveSettings(muted, quiet));
      notify('app.chat.settings_saved', { type: 'success' });
      onClose();
    } catch {
      // the request client has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="sm" fullWidth data-testid="chat-settings-dialog">
      <DialogTitle>{translate('app.chat.settings_title')}</DialogTitle>
      <DialogContent dividers>
        {!data ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
            <CircularProgress size={24} />
          </Box>
        ) : (
          <>
            <FormControlLabel
              control={
                <Switch checked={quiet} onChange={(event) => setQuiet(event.target.checked)} data-testid="chat-quiet" />
              }
              label={translate('app.chat.quiet')}
            />
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              {translate('app.chat.quiet_hint')}
            </Typography>
            <Divider sx={{ mb: 1.5 }} />
            <Typography variant="subtitle2" sx={{ mb: 1 }}>
              {translate('app.chat.settings_muted')}
            </Typography>
            {NOTIFICATION_GROUPS.map((group) => {
              const kinds = data.kinds.filter((k) => k.group === group);
              if (!kinds.length) return null;
              return (
                <Box key={group} sx={{ mb: 1.5 }}>
                  <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600 }}>
                    {translate(`app.chat.groups.${group}`)}
                  </Typography>
                  <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
                    {kinds.map(({ kind }) => (
                      <FormControlLabel
                        key={kind}
                        control={
                          <Checkbox
                            size="small"
                            checked={!muted.includes(kind)}
                            onChange={() => toggle(kind)}
                            data-kind={kind}
                          />
                        }
                        label={<Typography variant="body2">{translate(kindKey(kind), { _: kind })}</Typography>}
                      />
                    ))}
                  </Box>
                </Box>
              );
            })}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('app.chat.cancel')}</Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!data || saving}
          data-testid="chat-settings-save"
        >
          {translate('app.chat.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
