import { Navigate, useLocation, useParams } from 'react-router-dom';

/** /redirect/{path}: leaving and re-entering a view remounts it (the tags view's "refresh"). */
const RefreshRedirect = () => {
  const { '*': rest = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`/${rest}${search}`} replace />;
};

export default RefreshRedirect;
