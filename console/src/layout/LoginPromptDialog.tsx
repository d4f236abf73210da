import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { loginPathFor } from '../navigation/loginPath';

/** Shown to signed-out users who click 'log in now' (SPEC §2.4: titled 'prompt', 450px wide). */
export const LoginPromptDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return (
    <Dialog open={open} onClose={onClose} maxWidth={false} slotProps={{ paper: { sx: { width: 450 } } }}>
      <DialogTitle>{translate('app.login_prompt.title')}</DialogTitle>
      <DialogContent>
        <Typography color="text.secondary">{translate('app.login_prompt.message')}</Typography>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={() => navigate(loginPathFor(pathname + search))}>
          {translate('app.login_prompt.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
