import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { StatusPage } from './StatusPage';

/** catch-all of the layout routes. */
const NotFound = () => {
  const translate = useTranslate();
  return (
    <StatusPage
      status="404"
      message={translate('app.not_found.message')}
      action={
        <Button component={Link} to="/" variant="contained">
          {translate('app.not_found.back_home')}
        </Button>
      }
    />
  );
};

export default NotFound;
