import { StatusPage } from './StatusPage';

/** /401 (SPEC §2.1), outside the layout. */
const Unauthorized = () => <StatusPage status="401" />;

export default Unauthorized;
