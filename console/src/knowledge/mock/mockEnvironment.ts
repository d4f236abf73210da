import type { Environment } from '../docApi';
import { hasMock, type MockSettings, mockBaseUrl, mockTokenHeader, useMockSettings } from './mockApi';

/** The id of the snippet panel's Mock environment: no project environment has a negative id. */
export const MOCK_ENVIRONMENT_ID = -1;

/**
 * The project's mock as one more environment: its base URL on this server and, when the mock wants a token and the
 * reader may see it, the token header, so every snippet calls the mock as it is.
 */
export function mockEnvironment(
  projectId: number,
  settings: Pick<MockSettings, 'access' | 'token' | 'basePath'>,
  origin = location.origin,
): Environment {
  return {
    projectConfigId: MOCK_ENVIRONMENT_ID,
    name: 'Mock',
    baseUrl: mockBaseUrl(projectId, settings, origin),
    variables: [],
    headers: mockTokenHeader(settings).map(([name, value]) => ({ name, value, description: '' })),
    sort: Number.MAX_SAFE_INTEGER,
  };
}

/** The environments a document's snippets offer: the project's, then its mock (when there is one to call). */
export function useWithMockEnvironment(projectId: number, environments: Environment[], enabled: boolean) {
  const { data: settings } = useMockSettings(projectId, enabled && hasMock(projectId));
  if (!enabled || !settings) return environments;
  return [...environments, mockEnvironment(projectId, settings)];
}
