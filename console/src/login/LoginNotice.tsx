import Snackbar from '@mui/material/Snackbar';
import type { Notice } from '../api/notices';

interface LoginNoticeProps {
  notice: Notice | null;
  translate: (key: string) => string;
  onClose: () => void;
}

const COLOURS = { success: 'success', error: 'error', warning: 'warning' } as const;

/**
 * The login page's notification before react-admin is loaded, drawn like react-admin's (a snackbar at the bottom
 * centre, 4 s, in the palette colour of its type); a chunk of its own, loaded with the first message.
 */
const LoginNotice = ({ notice, translate, onClose }: LoginNoticeProps) => {
  const colour = notice && notice.type !== 'info' ? COLOURS[notice.type] : null;
  return (
    <Snackbar
      open={Boolean(notice)}
      message={notice ? translate(notice.message) : ''}
      autoHideDuration={4000}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      onClose={(_event, reason) => reason !== 'clickaway' && onClose()}
      ContentProps={{
        sx: colour ? { bgcolor: `${colour}.main`, color: `${colour}.contrastText` } : undefined,
      }}
    />
  );
};

export default LoginNotice;
