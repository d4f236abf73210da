import { apiCodeOf, callerMetadata } from '@pmbok/infra';
import type { teamv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ClientError, Status } from 'nice-grpc';
import { ApiError, identify } from '../../plugins/api.js';
import { roleName, roleOf } from '../api/team.js';

/**
 * The team's members as a react-admin resource, in the shape ra-data-simple-rest expects:
 * GET /pmbok/admin/teamUsers?filter={"q":"..","role":".."}&range=[0,9]&sort=["nickname","ASC"] with Content-Range,
 * GET/PUT/DELETE /pmbok/admin/teamUsers/:id. The team is the `x-team-id` header (or `teamId` query).
 * Errors use HTTP statuses here (401 sign in, 403 not allowed, 400 with {message}), as react-admin reads them.
 */
export default async function teamUsersRoutes(app: FastifyInstance) {
  const context = async (request: FastifyRequest) => {
    const identity = await identify(app, request, 'user');
    const query = request.query as { teamId?: string };
    const teamId = Number(request.headers['x-team-id'] ?? query.teamId ?? 0);
    if (!Number.isSafeInteger(teamId) || teamId <= 0) throw new ApiError(400, '请先选择团队');
    return {
      teamId,
      metadata: callerMetadata({ ...identity, teamId, clientIp: request.ip, correlationId: request.id }),
    };
  };

  const parse = <T>(value: string | undefined, fallback: T): T => {
    if (!value) return fallback;
    try {
      return JSON.parse(value) as T;
    } catch {
      throw new ApiError(400, '查询参数格式错误');
    }
  };

  const toRecord = (m: teamv1.Member) => ({
    ...m,
    id: m.userId,
    role: roleName[m.role],
  });

  /** One member, looked for page by page (the service pages members 100 at a time). */
  const findOne = async (teamId: number, userId: number, metadata: ReturnType<typeof callerMetadata>) => {
    for (let offset = 0; ; offset += 100) {
      const { members, total } = await app.services.team.listMembers(
        { teamId, query: '', role: 0, sortField: 'joinedAt', sortDescending: false, offset, limit: 100 },
        { metadata },
      );
      const member = members.find((m) => m.userId === userId);
      if (member) return toRecord(member);
      if (offset + 100 >= total) throw new ApiError(404, '该用户不是团队成员');
    }
  };

  app.setErrorHandler((error, request, reply: FastifyReply) => {
    if (error instanceof ApiError) {
      const status = error.code === 402 ? 401 : error.code;
      return reply.status(status === 500 ? 500 : status).send({ message: error.message });
    }
    if (error instanceof ClientError) {
      const code = apiCodeOf(error.code);
      if (code === 402) return reply.status(401).send({ message: error.details });
      if (code === 400)
        return reply.status(error.code === Status.PERMISSION_DENIED ? 403 : 400).send({ message: error.details });
    }
    if ((error as { validation?: unknown }).validation) return reply.status(400).send({ message: '请求参数错误' });
    request.log.error({ err: error }, 'admin route failed');
    return reply.status(500).send({ message: '服务器繁忙，请稍后再试' });
  });

  const idParam = { params: Type.Object({ id: Type.String({ pattern: '^[1-9]\\d{0,15}$' }) }) };

  app.get('/pmbok/admin/teamUsers', async (request, reply) => {
    const { teamId, metadata } = await context(request);
    const query = request.query as { filter?: string; range?: string; sort?: string };
    const filter = parse<{ q?: string; role?: string }>(query.filter, {});
    const [start, end] = parse<[number, number]>(query.range, [0, 19]);
    const [field, order] = parse<[string, string]>(query.sort, ['joinedAt', 'ASC']);
    const offset = Math.max(0, Number(start) || 0);
    const limit = Math.min(100, Math.max(1, (Number(end) || 0) - offset + 1));
    const { members, total } = await app.services.team.listMembers(
      {
        teamId,
        query: String(filter.q ?? ''),
        role: roleOf(String(filter.role ?? '')),
        sortField: field,
        sortDescending: order === 'DESC',
        offset,
        limit,
      },
      { metadata },
    );
    const last = members.length === 0 ? offset : offset + members.length - 1;
    reply.header('Content-Range', `teamUsers ${offset}-${last}/${total}`);
    reply.header('Access-Control-Expose-Headers', 'Content-Range');
    return members.map(toRecord);
  });

  app.get('/pmbok/admin/teamUsers/:id', { schema: idParam }, async (request) => {
    const { teamId, metadata } = await context(request);
    return findOne(teamId, Number((request.params as { id: string }).id), metadata);
  });

  app.put(
    '/pmbok/admin/teamUsers/:id',
    {
      schema: {
        ...idParam,
        body: Type.Object({ role: Type.Union([Type.Literal('administrator'), Type.Literal('member')]) }),
      },
    },
    async (request) => {
      const { teamId, metadata } = await context(request);
      const userId = Number((request.params as { id: string }).id);
      const { role } = request.body as { role: string };
      await app.services.team.changeMemberRole({ teamId, userId, role: roleOf(role) }, { metadata });
      return findOne(teamId, userId, metadata);
    },
  );

  app.delete('/pmbok/admin/teamUsers/:id', { schema: idParam }, async (request) => {
    const { teamId, metadata } = await context(request);
    const userId = Number((request.params as { id: string }).id);
    const record = await findOne(teamId, userId, metadata);
    await app.services.team.removeMember({ teamId, userId }, { metadata });
    return record;
  });
}
