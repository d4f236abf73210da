import { type Caller, callerMetadata } from '@pmbok/infra';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { ClientError, type Metadata, Status } from 'nice-grpc';
import { id } from '../schemas/fields.js';
import { ApiError } from './envelope.js';

/**
 * `user` routes need a valid token; `public` ones ignore any; `optional` ones use a token when one is sent;
 * `apiToken` ones (the test CLI's) carry a project's API token instead of a session: they are anonymous here and
 * hand the token (`apiTokenOf`) to the service, which checks it.
 */
export type Access = 'public' | 'user' | 'optional' | 'apiToken';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; every route under /pmbok/ declares it (checked when the route is added). */
    access?: Access;
  }
  interface FastifyRequest {
    /** Who is calling, resolved once before the handler (anonymous on public routes). */
    caller: Caller;
    /** `caller` as the gRPC metadata every service call carries. */
    metadata: Metadata;
  }
}

export interface Identity {
  userId: number;
  sessionId: string;
}

const anonymous: Identity = { userId: 0, sessionId: '' };

/**
 * The user and session a token belongs to: from the session cache (plugins/sessions.ts), else through the auth
 * service; a token it does not accept fails with UNAUTHENTICATED (code 402) and is not kept. The live connection
 * calls it with the token of its first message.
 */
export async function authenticate(app: FastifyInstance, token: string, correlationId: string): Promise<Identity> {
  const kept = app.sessions.cache.get(token);
  if (kept) return kept;
  const { userId, sessionId, expiresAt } = await app.services.auth.authenticate(
    { token },
    { metadata: callerMetadata({ correlationId }) },
  );
  const identity = { userId, sessionId };
  app.sessions.cache.keep(token, identity, expiresAt);
  return identity;
}

/** The token of the `authorization` header (a session's, or on `apiToken` routes a project's API token). */
export const apiTokenOf = (request: FastifyRequest) =>
  (request.headers.authorization ?? '').replace(/^Bearer\s+/i, '').trim();

/** The identity of a request by its `authorization` header, as the route's access asks. */
async function identify(app: FastifyInstance, request: FastifyRequest, access: Access): Promise<Identity> {
  if (access === 'public' || access === 'apiToken') return anonymous;
  const token = apiTokenOf(request);
  if (!token) {
    if (access === 'optional') return anonymous;
    throw new ApiError(402, '请先登录');
  }
  try {
    return await authenticate(app, token, request.id);
  } catch (error) {
    if (access === 'optional' && error instanceof ClientError && error.code === Status.UNAUTHENTICATED)
      return anonymous;
    throw error;
  }
}

const SAFE_ID = new RegExp(id.pattern ?? '');

/**
 * The team the request acts in: the `x-team-id` header (react-admin), else the body's `teamId` (the console adds it to
 * every API call), else the `teamId` query (the live connection). Anything but a safe id is no team (0).
 */
function teamIdOf(request: FastifyRequest): number {
  const body = request.body as { teamId?: unknown } | null | undefined;
  const given =
    request.headers['x-team-id'] ??
    (typeof body === 'object' && body !== null && 'teamId' in body
      ? body.teamId
      : (request.query as { teamId?: unknown } | undefined)?.teamId);
  return typeof given === 'string' && SAFE_ID.test(given) ? Number(given) : 0;
}

/** Resolves `request.caller` and `request.metadata` once per request, by the route's declared access. */
export default fp(
  async (app) => {
    app.decorateRequest('caller', null as unknown as Caller);
    app.decorateRequest('metadata', null as unknown as Metadata);
    app.addHook('onRoute', (route) => {
      if (route.url?.startsWith('/pmbok/') && !route.config?.access)
        throw new Error(`${String(route.method)} ${route.url} declares no access (public, user, optional or apiToken)`);
    });
    // After validation, as a malformed request is the client's error whoever sends it, and the body's team is checked.
    // Routes outside /pmbok/ (console files, health) declare no access and read no caller: nothing to build for them.
    app.addHook('preHandler', async (request) => {
      const access = request.routeOptions.config.access;
      if (!access) return;
      const identity = await identify(app, request, access);
      const caller: Caller = {
        ...identity,
        teamId: teamIdOf(request),
        clientIp: request.ip,
        correlationId: request.id,
      };
      request.caller = caller;
      request.metadata = callerMetadata(caller);
    });
  },
  // Not `caller`: fastify-plugin names a property of the function after the plugin, and strict functions refuse that one.
  { name: 'request-caller', dependencies: ['services', 'sessions'] },
);
