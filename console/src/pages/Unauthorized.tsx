import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { StatusPage } from './StatusPage';

/** /401 (SPEC §2.1), outside the layout. */
const Unauthorized = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  // 'default' is the key of the first entry: nothing to go back to inside the app
  const canGoBack = useLocation().key !== 'default';
  return (
    <StatusPage
      status="401"
      message={translate('app.unauthorized.message')}
      hint={translate('app.status.unauthorized_hint')}
      actions={
        <>
          <Button component={Link} to="/" variant="contained">
            {translate('app.not_found.back_home')}
          </Button>
          {canGoBack && (
            <Button variant="outlined" onClick={() => navigate(-1)}>
              {translate('app.unauthorized.back')}
            </Button>
          )}
        </>
      }
    />
  );
};

export default Unauthorized;
