import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, Form, useNotify, useTranslate } from 'react-admin';
import type { FieldValues } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { request } from '../api/request';
import { SmsCodeInput } from '../login/SmsCodeInput';
import type { Profile } from '../profile/profileApi';
import { clearSession } from '../session/session';

/**
 * Closing the account: an SMS code sent to the account's own number, then a confirmation. The server refuses
 * while the user owns a team with other members; its message stays in the dialog. Done: signed out to /login.
 */
export const DestroyAccountDialog = ({ profile, onClose }: { profile: Profile; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const [code, setCode] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  const [busy, setBusy] = useState(false);

  const destroy = async () => {
    if (!code) return;
    setBusy(true);
    try {
      await request('userInfo/destroy', { code }, { notify: false });
      clearSession();
      notify('app.security.destroyed', { type: 'success' });
      navigate('/login', { replace: true });
    } catch (error) {
      setRefusal((error as Error).message || 'app.request.error');
      setBusy(false);
      setCode(null);
    }
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby="destroy-title">
      <DialogTitle id="destroy-title">{translate('app.security.destroy')}</DialogTitle>
      <Form
        onSubmit={(values: FieldValues) => {
          setRefusal('');
          setCode(String(values.code).trim());
        }}
        mode="onBlur"
        reValidateMode="onBlur"
        id="destroy-form"
      >
        <DialogContent sx={{ pt: 0 }}>
          <Alert severity="warning" sx={{ mb: 2 }}>
            {translate('app.security.destroy_warning')}
          </Alert>
          <Typography variant="body2" color="text.secondary">
            {translate('app.security.destroy_code_to', { telephone: profile.telephone })}
          </Typography>
          <SmsCodeInput call="userInfo/sendDestroyCode" withTelephone={false} />
          {refusal && (
            <Alert severity="error" sx={{ mt: 1 }} data-testid="destroy-refusal">
              {translate(refusal)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
          <Button type="submit" variant="contained" color="error" disabled={busy}>
            {translate('app.security.destroy_submit')}
          </Button>
        </DialogActions>
      </Form>
      <Confirm
        isOpen={code !== null}
        loading={busy}
        title="app.security.destroy_confirm_title"
        content="app.security.destroy_confirm_content"
        confirm="app.security.destroy_submit"
        confirmColor="warning"
        onConfirm={destroy}
        onClose={() => setCode(null)}
      />
    </Dialog>
  );
};
