import ConstructionIcon from '@mui/icons-material/Construction';
import { Avatar, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { RoutePageProps } from '../navigation/types';

/** The screen of a feature that later issues build: names the feature instead of leaving a blank page. */
const EmptyState = ({ route }: RoutePageProps) => {
  const translate = useTranslate();
  const Icon = route.route.icon ?? ConstructionIcon;
  const title = route.route.title ? translate(route.route.title) : '';
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', p: { xs: 2, md: 6 } }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 520, textAlign: 'center' }} data-testid="empty-state">
        <CardContent sx={{ py: 6, px: 4 }}>
          <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'primary.light' }}>
            <Icon sx={{ fontSize: 40 }} />
          </Avatar>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            <ConstructionIcon fontSize="inherit" sx={{ verticalAlign: 'middle', mr: 0.5 }} />
            {translate('app.empty.building')}
          </Typography>
          <Button component={Link} to="/" variant="outlined">
            {translate('app.empty.back_home')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};

export default EmptyState;
