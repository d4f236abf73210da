import ComputerIcon from '@mui/icons-material/Computer';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import Box from '@mui/material/Box';
import { useLoginKit } from './kit';

export type LoginView = 'qr' | 'account';

/** The corner icon that toggles between the QR panel and the account login (SPEC §2.3). */
export const LoginViewToggle = ({ view, onToggle }: { view: LoginView; onToggle: () => void }) => {
  const { translate } = useLoginKit();
  const label = translate(view === 'qr' ? 'app.login.to_account' : 'app.login.to_qr');
  const Icon = view === 'qr' ? ComputerIcon : QrCode2Icon;
  return (
    <Box
      component="button"
      type="button"
      aria-label={label}
      title={label}
      data-testid="login-view-toggle"
      onClick={onToggle}
      sx={{
        position: 'absolute',
        top: 0,
        right: 0,
        width: 64,
        height: 64,
        p: 0,
        border: 0,
        cursor: 'pointer',
        color: 'primary.main',
        bgcolor: '#e8f3ff',
        clipPath: 'polygon(0 0, 100% 0, 100% 100%)',
        display: 'flex',
        justifyContent: 'flex-end',
        alignItems: 'flex-start',
        '&:hover': { bgcolor: '#d6e9ff' },
        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main' },
      }}
    >
      <Icon sx={{ fontSize: 30, m: 0.75 }} />
    </Box>
  );
};
