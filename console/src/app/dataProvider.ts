import simpleRestProvider from 'ra-data-simple-rest';
import { combineDataProviders, fetchUtils } from 'react-admin';
import { pagedCallProvider } from '../dataProvider/pagedCallProvider';
import { feedbackCalls } from '../feedback';
import { getTeamId, getToken } from '../session/session';

/** The gateway's react-admin surface: the session token and the selected team go with every request. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('authorization', getToken() ?? '');
  const teamId = getTeamId();
  if (teamId) headers.set('x-team-id', String(teamId));
  return fetchUtils.fetchJson(url, { ...options, headers });
};

const rest = simpleRestProvider('/pmbok/admin', httpClient);
const feedback = pagedCallProvider(feedbackCalls);

/** REST resources, and the generic lists backed by /pmbok/api calls: the app names each resource's source. */
export const dataProvider = combineDataProviders((resource) => (resource === 'feedback' ? feedback : rest));
