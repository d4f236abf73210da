import simpleRestProvider from 'ra-data-simple-rest';
import { fetchUtils } from 'react-admin';
import { getTeamId, getToken } from '../auth/session';

/** The gateway's react-admin surface: the session token and the selected team go with every request. */
const httpClient = (url: string, options: fetchUtils.Options = {}) => {
  const headers = new Headers(options.headers);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  headers.set('authorization', getToken() ?? '');
  const teamId = getTeamId();
  if (teamId) headers.set('x-team-id', String(teamId));
  return fetchUtils.fetchJson(url, { ...options, headers });
};

export const dataProvider = simpleRestProvider('/pmbok/admin', httpClient);
