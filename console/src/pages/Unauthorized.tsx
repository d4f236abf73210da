import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useLocation, useNavigate } from 'react-router-dom';
import { StatusPage } from './StatusPage';

const Unauthorized = () => {
  const translate = useTranslate();
  const navigate = useNavigate();
  // 'default' is the key of the first entry: nothing to go back to inside the app.
  const canGoBack = useLocation().key !== 'default';
  return (
    <StatusPage
      status="401"
      message={translate('app.unauthorized.message')}
      action={
        <Button variant="contained" onClick={() => (canGoBack ? navigate(-1) : navigate('/'))}>
          {translate('app.unauthorized.back')}
        </Button>
      }
    />
  );
};

export default Unauthorized;
