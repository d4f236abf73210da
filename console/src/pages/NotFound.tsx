import { StatusPage } from './StatusPage';

/** The catch-all of the layout routes (SPEC §2.1: an unmatched route leads to a 404 page). */
const NotFound = () => <StatusPage status="404" />;

export default NotFound;
