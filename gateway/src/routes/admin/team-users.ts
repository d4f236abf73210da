import type { teamv1 } from '@pmbok/proto';
import { type Static, type TSchema, Type } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { FastifyContextConfig, FastifyInstance } from 'fastify';
import type { Metadata } from 'nice-grpc';
import { ApiError } from '../../plugins/envelope.js';
import { id } from '../../schemas/fields.js';
import { teamRoles } from '../api/enums.js';

/** The query of a list as ra-data-simple-rest sends it: JSON text in each parameter. */
const listQuery = Type.Object({
  filter: Type.Optional(Type.String({ maxLength: 1000 })),
  range: Type.Optional(Type.String({ maxLength: 100 })),
  sort: Type.Optional(Type.String({ maxLength: 100 })),
  teamId: Type.Optional(Type.String({ maxLength: 20 })),
});
const filterShape = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  role: Type.Optional(Type.String({ maxLength: 20 })),
});
const position = Type.Integer({ minimum: 0, maximum: 1_000_000 });
const rangeShape = Type.Tuple([position, position]);
const sortShape = Type.Tuple([Type.String({ maxLength: 40 }), Type.Union([Type.Literal('ASC'), Type.Literal('DESC')])]);
const idParam = Type.Object({ id });
/** Signed-in members only, answering with the statuses react-admin reads (plugins/envelope.ts). */
const config: FastifyContextConfig = { access: 'user', surface: 'admin' };

/** One JSON parameter of the list's query, checked against its shape: anything else is the client's error (400). */
function parseParameter<S extends TSchema>(value: string | undefined, shape: S, fallback: Static<S>): Static<S> {
  if (!value) return fallback;
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ApiError(400, '查询参数格式错误：不是有效的 JSON');
  }
  if (!Value.Check(shape, parsed)) throw new ApiError(400, '查询参数格式错误');
  return parsed;
}

/**
 * The team's members as a react-admin resource, in the shape ra-data-simple-rest expects:
 * GET /pmbok/admin/teamUsers?filter={"q":"..","role":".."}&range=[0,9]&sort=["nickname","ASC"] with Content-Range,
 * GET/PUT/DELETE /pmbok/admin/teamUsers/:id. The team is the `x-team-id` header (or `teamId` query), which the
 * caller plugin reads. Errors keep the HTTP statuses react-admin reads (400 bad input, 401 sign in, 403 not allowed,
 * 404) and carry the `{code, msg, data}` envelope of every other answer, plus `message`.
 */
export default async function teamUsersRoutes(app: FastifyInstance) {
  // After the caller is resolved, so that someone not signed in hears so first.
  app.addHook('preHandler', async (request) => {
    if (!request.caller.teamId) throw new ApiError(400, '请先选择团队');
  });

  const toRecord = (m: teamv1.Member) => ({
    ...m,
    id: m.userId,
    role: teamRoles.fromProto(m.role),
  });

  /** One member, looked for page by page (the service pages members 100 at a time). */
  const findOne = async (teamId: number, userId: number, metadata: Metadata) => {
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

  app.get('/pmbok/admin/teamUsers', { schema: { querystring: listQuery }, config }, async (request, reply) => {
    const { teamId } = request.caller;
    const { metadata } = request;
    const query = request.query as Static<typeof listQuery>;
    const filter = parseParameter(query.filter, filterShape, {});
    const [start, end] = parseParameter(query.range, rangeShape, [0, 19]);
    const [field, order] = parseParameter(query.sort, sortShape, ['joinedAt', 'ASC']);
    const offset = start;
    const limit = Math.min(100, Math.max(1, end - offset + 1));
    const { members, total } = await app.services.team.listMembers(
      {
        teamId,
        query: filter.q ?? '',
        role: teamRoles.parse(filter.role ?? '') ?? 0,
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

  app.get('/pmbok/admin/teamUsers/:id', { schema: { params: idParam }, config }, async (request) => {
    return findOne(request.caller.teamId, Number((request.params as { id: string }).id), request.metadata);
  });

  app.put(
    '/pmbok/admin/teamUsers/:id',
    {
      schema: {
        params: idParam,
        body: Type.Object({ role: Type.Union([Type.Literal('administrator'), Type.Literal('member')]) }),
      },
      config,
    },
    async (request) => {
      const { teamId } = request.caller;
      const { metadata } = request;
      const userId = Number((request.params as { id: string }).id);
      const { role } = request.body as { role: 'administrator' | 'member' };
      await app.services.team.changeMemberRole({ teamId, userId, role: teamRoles.toProto(role) }, { metadata });
      return findOne(teamId, userId, metadata);
    },
  );

  app.delete('/pmbok/admin/teamUsers/:id', { schema: { params: idParam }, config }, async (request) => {
    const { teamId } = request.caller;
    const { metadata } = request;
    const userId = Number((request.params as { id: string }).id);
    const record = await findOne(teamId, userId, metadata);
    await app.services.team.removeMember({ teamId, userId }, { metadata });
    return record;
  });
}
