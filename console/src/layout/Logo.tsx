import { Box, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';

export const Logo = () => {
  const translate = useTranslate();
  return (
    <Box
      component={Link}
      to="/"
      sx={{ display: 'flex', alignItems: 'center', gap: 1, color: 'inherit', textDecoration: 'none', mr: 2 }}
      aria-label={translate('app.name')}
    >
      <Box component="img" src={`${import.meta.env.BASE_URL}favicon.svg`} alt="" sx={{ width: 28, height: 28 }} />
      <Typography variant="h6" sx={{ fontWeight: 700, letterSpacing: 0.5 }}>
        {translate('app.name')}
      </Typography>
    </Box>
  );
};
