import type { AuthSpec } from '../model.js';
import type { PostmanSdk } from './sdk.js';
import { isObject, type RawAuth, variableText } from './shapes.js';

/** An auth block as found on the collection, a folder or a request; `undefined` when it says nothing (inherit). */
export type FoundAuth = { spec: AuthSpec } | { unsupported: string } | undefined;

/**
 * Reads one auth block through the SDK's RequestAuth (it knows v2.0's object and v2.1's list of parameters).
 * noauth stops inheritance; basic, bearer, apikey and an OAuth 2.0 block holding a bearer token map to the model.
 */
export function readAuth(sdk: PostmanSdk, raw: RawAuth | null | undefined): FoundAuth {
  if (!isObject(raw) || typeof raw.type !== 'string' || raw.type === 'inherit') return undefined;
  if (raw.type === 'noauth') return { spec: { type: 'none' } };
  const auth = new sdk.RequestAuth(raw as never);
  const values = (auth.parameters()?.toObject() ?? {}) as Record<string, unknown>;
  const text = (name: string) => variableText(values[name]);
  switch (raw.type) {
    case 'basic':
      return { spec: { type: 'basic', username: text('username'), password: text('password') } };
    case 'bearer':
      return { spec: { type: 'bearer', token: text('token') } };
    case 'apikey': {
      const where = text('in') === 'query' ? 'query' : 'header';
      return { spec: { type: 'apikey', key: text('key'), value: text('value'), in: where } };
    }
    case 'oauth2': {
      // A token already obtained is sent as Postman does (Authorization: Bearer …); getting one is not supported.
      const token = text('accessToken');
      const prefix = text('headerPrefix') || 'Bearer';
      if (token && text('addTokenTo') !== 'queryParams' && prefix.toLowerCase() === 'bearer') {
        return { spec: { type: 'bearer', token } };
      }
      return { unsupported: 'oauth2' };
    }
    default:
      return { unsupported: raw.type };
  }
}
