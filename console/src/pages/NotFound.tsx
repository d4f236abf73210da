import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { StatusPage } from './StatusPage';

/** The catch-all of the layout routes (SPEC §2.1: an unmatched route leads to a 404 page). */
const NotFound = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  // 'default' is the key of the first entry: nothing to go back to inside the app
  const canGoBack = useLocation().key !== 'default';
  return (
    <StatusPage
      status="404"
      message={translate('app.not_found.message')}
      hint={translate('app.status.not_found_hint')}
      actions={
        <>
          <Button component={Link} to="/" variant="contained">
            {translate('app.not_found.back_home')}
          </Button>
          {canGoBack && (
            <Button variant="outlined" onClick={() => navigate(-1)}>
              {translate('app.status.back')}
            </Button>
          )}
        </>
      }
    />
  );
};

export default NotFound;
