import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useLoginKit } from './kit';
import { LanguageButton } from './LanguageButton';

/** The backdrop of the pages reached before signing in: logo, slogan, language menu and one card. */
export const LoginShell = ({ children, cardWidth = 420 }: { children: ReactNode; cardWidth?: number }) => {
  const { translate } = useLoginKit();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: 'linear-gradient(135deg, #e8f3ff 0%, #f5f7fa 45%, #dbeafe 100%)',
      }}
    >
      <Box sx={{ position: 'fixed', top: 12, right: 16 }}>
        <LanguageButton />
      </Box>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 1 }}>
        <Box component="img" src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" sx={{ width: 40, height: 40 }} />
        <Typography variant="h4" component="div" sx={{ fontWeight: 700 }}>
          {translate('app.name')}
        </Typography>
      </Box>
      <Typography color="text.secondary" sx={{ mb: 3, textAlign: 'center' }}>
        {translate('app.slogan')}
      </Typography>
      <Card
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: cardWidth,
          overflow: 'hidden',
          boxShadow: '0 8px 30px rgba(24, 144, 255, 0.12)',
        }}
      >
        {children}
      </Card>
    </Box>
  );
};
