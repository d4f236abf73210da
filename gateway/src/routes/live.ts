import websocket from '@fastify/websocket';
import { type Audience, callerMetadata, liveConnections, type Realtime } from '@pmbok/infra';
import type { FastifyInstance } from 'fastify';
import { authenticate } from '../plugins/caller.js';
import { envelope } from '../plugins/envelope.js';

/** SPEC §4 live connection codes. */
export const LIVE = {
  /** The client's first message: `{code: 200000, token}`. */
  authenticate: 200000,
  heartbeat: 200001,
  unread: 200201,
  /** The messaging service: a new notification (`{teamId, notification}`), docs/api/messaging.md. */
  notification: 200202,
  /** The messaging service: an activity recorded in the team (`{teamId, activityId, kind, projectId}`), docs/api/home.md. */
  activity: 200203,
  /** A conversation's message posted, edited or deleted (`{teamId, conversationId, event, message}`). */
  chatMessage: 200500,
  /** Someone is typing (`{teamId, conversationId, userId, name}`). */
  chatTyping: 200501,
  /** The user read a conversation in another tab (`{teamId, conversationId, readPosition, unreadCount}`). */
  chatRead: 200502,
  /** The task service: something of a task project changed (`{taskProjectId, taskId, type, actorId}`). */
  taskChanged: 200300,
  /** The project service: an API test run's event, to the member who started it (`TestRunPush`). */
  testRun: 200400,
  /** Sent before closing a connection whose token is missing or no longer valid. */
  signedOut: 402,
} as const;

/** The client sends a heartbeat every 5 s; a connection silent for six of them is gone. */
const IDLE_MS = 30_000;
/** A client sends its token as soon as the socket opens; one that does not within this is not a client. */
const AUTH_MS = 5_000;
const CLOSE_SIGNED_OUT = 4402;
const CLOSE_IDLE = 4408;

export interface LiveOptions {
  realtime: Realtime;
  idleMs?: number;
  authMs?: number;
}

const tokenOf = (data: string | undefined): string => {
  try {
    const message = JSON.parse(data ?? '') as { code?: unknown; token?: unknown } | null;
    if (message?.code !== LIVE.authenticate || typeof message.token !== 'string') return '';
    return message.token.trim();
  } catch {
    return '';
  }
};

/**
 * The live connection (`GET /pmbok/ws?teamId=`, WebSocket). The token is the socket's first message
 * (`{code: 200000, token}`), never in the URL: URLs are written to access logs, proxies and browser history,
 * and a session token there is a session anyone reading them can take. A first message rather than a
 * single-use ticket needs no ticket store shared by the gateway replicas and no extra call before each
 * (re)connection. Until the token is checked nothing else is answered; a URL that still carries `token=` is
 * refused, so that no client keeps leaking it. The route is public for the caller plugin (no header to read); the
 * token is checked by the same `authenticate` and completes `request.caller`, whose team is the `teamId` query.
 *
 * An authenticated socket receives every push to its user and, when the user belongs to `teamId`, to that
 * team, through the realtime port (NATS across replicas). When its session ends (logout, password change…),
 * the auth service announces it on the `sessions` topic; the socket of such a session closes with 4402.
 */
/**
 * A push's text, written once however many sockets it goes to: the in-process realtime hands every listener the same
 * object, so a team message to 2,000 sockets is serialized once, not 2,000 times.
 */
const written = new WeakMap<object, string>();
function wire(message: unknown): string {
  if (typeof message !== 'object' || message === null) return JSON.stringify(message);
  let text = written.get(message);
  if (text === undefined) {
    text = JSON.stringify(message);
    written.set(message, text);
  }
  return text;
}

export default async function liveRoutes(app: FastifyInstance, options: LiveOptions) {
  await app.register(websocket, { options: { maxPayload: 4 * 1024 } });
  const idleMs = options.idleMs ?? IDLE_MS;
  const authMs = options.authMs ?? AUTH_MS;

  app.get('/pmbok/ws', { websocket: true, config: { access: 'public' } }, async (socket, request) => {
    const query = request.query as { token?: unknown };
    const send = (message: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(wire(message));
    };
    const refuse = (msg = '请先登录') => {
      send(envelope(LIVE.signedOut, msg));
      socket.close(CLOSE_SIGNED_OUT, 'signed out');
    };
    // What ends with the socket, whenever it closes (even while the token is still being checked).
    let closed = false;
    const onClosed: (() => unknown)[] = [];
    const whenClosed = (cleanup: () => unknown) => (closed ? void cleanup() : onClosed.push(cleanup));
    socket.once('close', () => {
      closed = true;
      for (const cleanup of onClosed.splice(0)) cleanup();
    });

    // The first message is the token; later ones wait until it is checked, then are answered in order.
    const early: string[] = [];
    let resolveFirst!: (data: string | undefined) => void;
    const firstMessage = new Promise<string | undefined>((resolve) => {
      resolveFirst = resolve;
    });
    let seenFirst = false;
    const onEarly = (data: unknown) => {
      if (seenFirst) early.push(String(data));
      else {
        seenFirst = true;
        resolveFirst(String(data));
      }
    };
    socket.on('message', onEarly);
    if (query.token !== undefined) return refuse();
    const authTimer = setTimeout(() => resolveFirst(undefined), authMs);
    whenClosed(() => resolveFirst(undefined));

    const token = tokenOf(await firstMessage);
    clearTimeout(authTimer);
    if (closed) return;
    if (!token) return refuse();
    const identity = () => authenticate(app, token, request.id).catch(() => undefined);
    const session = await identity();
    if (!session) return refuse();
    request.caller = { ...request.caller, ...session };
    request.metadata = callerMetadata(request.caller);
    const { userId, sessionId, teamId } = request.caller;
    const audiences: Audience[] = [{ userId }];
    if (teamId) {
      const { role } = await app.services.team
        .getMembership({ teamId, userId }, { metadata: request.metadata })
        .catch(() => ({ role: 0 }));
      if (role) audiences.push({ teamId });
    }
    if (closed) return;

    // Pushes heard while subscribing wait for `connected`, so a client always reads that answer first.
    let held: unknown[] | null = [];
    const deliver = (payload: unknown) => (held ? void held.push(payload) : send(payload));
    // Every replica hears an ended session on the `sessions` topic (plugins/sessions.ts) before its logout is answered.
    whenClosed(app.sessions.watch(sessionId, () => refuse('登录已失效')));
    for (const audience of audiences) {
      const unsubscribe = await options.realtime.subscribe(audience, deliver);
      whenClosed(() => unsubscribe().catch(() => {}));
    }
    // The session may have ended while the socket subscribed, before it could hear so.
    if (!closed && !(await identity())) return refuse('登录已失效');
    if (closed) return;
    liveConnections.inc();
    whenClosed(() => liveConnections.dec());

    let idle: NodeJS.Timeout | undefined;
    const stillThere = () => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(CLOSE_IDLE, 'idle'), idleMs);
    };
    whenClosed(() => clearTimeout(idle));
    const onMessage = (data: unknown) => {
      stillThere();
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        message = undefined;
      }
      if (typeof message !== 'object' || message === null) return send(envelope(400, '消息格式错误'));
      if ((message as { code?: unknown }).code === LIVE.heartbeat) send(envelope(LIVE.heartbeat, 'pong'));
    };
    socket.off('message', onEarly);
    socket.on('message', onMessage);
    stillThere();
    send(envelope(200, 'connected', { userId, teamId: audiences.length > 1 ? teamId : 0 }));
    const heard = held;
    held = null;
    for (const payload of heard) deliver(payload);
    for (const data of early) onMessage(data);
  });
}
