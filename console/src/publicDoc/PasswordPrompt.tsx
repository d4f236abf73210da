import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Paper, Stack, TextField, Typography } from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslate } from 'react-admin';
import { shareUnlock } from '../knowledge/publishing/publishingApi';

/** The password of a link, checked by the server (which limits wrong guesses per link and per address). */
export default function PasswordPrompt(props: { token: string; onUnlocked(access: string, expiresAt: number): void }) {
  const { token, onUnlocked } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.share.public.${key}`);
  const [password, setPassword] = useState('');
  const [error, setError] = useState('');
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!password) return;
    setBusy(true);
    try {
      const { access, expiresAt } = await shareUnlock(token, password);
      onUnlocked(access, expiresAt);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Paper variant="outlined" sx={{ maxWidth: 400, mx: 'auto', mt: 10, p: 4 }} data-testid="share-password">
      <Box component="form" onSubmit={submit}>
        <Stack spacing={2} alignItems="center">
          <LockOutlinedIcon color="primary" sx={{ fontSize: 40 }} />
          <Typography variant="h6" component="h1">
            {t('password_title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('password_hint')}
          </Typography>
          <TextField
            fullWidth
            autoFocus
            type="password"
            label={t('password')}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            inputProps={{ name: 'password', maxLength: 100 }}
          />
          {error && (
            <Alert severity="error" sx={{ width: '100%' }}>
              {error}
            </Alert>
          )}
          <Button fullWidth type="submit" variant="contained" disabled={busy || !password}>
            {t('unlock')}
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
