import websocket from '@fastify/websocket';
import { type Audience, callerMetadata, liveConnections, type Realtime } from '@pmbok/infra';
import type { FastifyInstance } from 'fastify';

/** SPEC §4 live connection codes. */
export const LIVE = {
  heartbeat: 200001,
  unread: 200201,
  /** Sent before closing a connection whose token is missing or no longer valid. */
  signedOut: 402,
} as const;

/** The client sends a heartbeat every 5 s; a connection silent for six of them is gone. */
const IDLE_MS = 30_000;
const CLOSE_SIGNED_OUT = 4402;
const CLOSE_IDLE = 4408;

export interface LiveOptions {
  realtime: Realtime;
  idleMs?: number;
}

/**
 * The live connection (`GET /pmbok/ws?token=&teamId=`, WebSocket): after the token is checked the socket
 * receives every push to its user and, when the user belongs to `teamId`, to that team. Pushes come through
 * the realtime port, so they reach the socket whichever gateway replica holds it (NATS in production).
 */
export default async function liveRoutes(app: FastifyInstance, options: LiveOptions) {
  await app.register(websocket, { options: { maxPayload: 4 * 1024 } });
  const idleMs = options.idleMs ?? IDLE_MS;

  app.get('/pmbok/ws', { websocket: true }, async (socket, request) => {
    const query = request.query as { token?: string; teamId?: string };
    const send = (message: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const refuse = () => {
      send({ code: LIVE.signedOut, msg: '请先登录', data: null });
      socket.close(CLOSE_SIGNED_OUT, 'signed out');
    };
    // Messages that arrive while the token is checked are answered once it is.
    const early: string[] = [];
    const onEarly = (data: unknown) => void early.push(String(data));
    socket.on('message', onEarly);

    const token = String(query.token ?? '').trim();
    if (!token) return refuse();
    let userId: number;
    try {
      ({ userId } = await app.services.auth.authenticate(
        { token },
        { metadata: callerMetadata({ correlationId: request.id }) },
      ));
    } catch {
      return refuse();
    }
    const audiences: Audience[] = [{ userId }];
    const teamId = Number(query.teamId ?? 0);
    if (Number.isSafeInteger(teamId) && teamId > 0) {
      const { role } = await app.services.team
        .getMembership({ teamId, userId }, { metadata: callerMetadata({ userId, correlationId: request.id }) })
        .catch(() => ({ role: 0 }));
      if (role) audiences.push({ teamId });
    }
    if (socket.readyState !== socket.OPEN) return;

    const unsubscribes = await Promise.all(audiences.map((audience) => options.realtime.subscribe(audience, send)));
    liveConnections.inc();
    let idle: NodeJS.Timeout;
    const stillThere = () => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(CLOSE_IDLE, 'idle'), idleMs);
    };
    const onMessage = (data: unknown) => {
      stillThere();
      let message: unknown;
      try {
        message = JSON.parse(String(data));
      } catch {
        message = undefined;
      }
      if (typeof message !== 'object' || message === null) return send({ code: 400, msg: '消息格式错误', data: null });
      if ((message as { code?: unknown }).code === LIVE.heartbeat)
        send({ code: LIVE.heartbeat, msg: 'pong', data: null });
    };
    socket.off('message', onEarly);
    socket.on('message', onMessage);
    socket.once('close', () => {
      clearTimeout(idle);
      liveConnections.dec();
      for (const unsubscribe of unsubscribes) void unsubscribe().catch(() => {});
    });
    stillThere();
    send({ code: 200, msg: 'connected', data: { userId, teamId: audiences.length > 1 ? teamId : 0 } });
    for (const data of early) onMessage(data);
  });
}
