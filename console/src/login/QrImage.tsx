import RefreshIcon from '@mui/icons-material/Refresh';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useLoginKit } from './kit';
import type { QrState } from './useQrLogin';

const QR_SIZE = 188;

/** The QR code of a sign-in ticket, with the overlay 'QR code expired, please refresh' and its button. */
export const QrImage = ({ state, onRefresh }: { state: QrState; onRefresh: () => void }) => {
  const { translate } = useLoginKit();
  const image = state.phase === 'waiting' || state.phase === 'ended' ? state.image : undefined;
  return (
    <Box
      sx={{
        position: 'relative',
        width: QR_SIZE + 16,
        height: QR_SIZE + 16,
        p: 1,
        border: 1,
        borderColor: 'divider',
        borderRadius: 2,
        bgcolor: '#fff',
      }}
    >
      {image && (
        <Box
          component="img"
          src={image}
          alt={translate('app.qr.image')}
          data-testid="qr-image"
          sx={{ width: QR_SIZE, height: QR_SIZE, display: 'block' }}
        />
      )}
      {state.phase === 'loading' && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }}>
          <CircularProgress />
        </Box>
      )}
      {state.phase === 'ended' && (
        <Box
          data-testid="qr-expired"
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1.5,
            px: 2,
            borderRadius: 2,
            textAlign: 'center',
            bgcolor: 'rgba(255, 255, 255, 0.94)',
          }}
        >
          <Typography sx={{ fontWeight: 600 }}>{translate(state.message)}</Typography>
          <Button variant="contained" size="small" startIcon={<RefreshIcon />} onClick={onRefresh}>
            {translate('app.qr.refresh')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
