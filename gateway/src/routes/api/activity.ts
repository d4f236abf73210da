import type { messagingv1 } from '@pmbok/proto';
import { Type } from '@sinclair/typebox';
import { defineCall } from '../../plugins/api.js';
import { integer, optionalId, paging } from '../../schemas/fields.js';
import * as answers from '../../schemas/home.js';

const group = Type.Optional(
  Type.Union(['', 'task', 'team', 'project', 'doc', 'test', 'chat'].map((g) => Type.Literal(g))),
);

/** The schema names every field of the proto's record (a field added there and not here fails to compile). */
type SameKeys<A, B> = [keyof A] extends [keyof B] ? ([keyof B] extends [keyof A] ? true : false) : false;
const schemaMatches: SameKeys<answers.Activity, messagingv1.ActivityItem> = true;
void schemaMatches;

/** The team's activity (docs/api/home.md): what happened in the current team that the caller may see. */
export const activityCalls = [
  defineCall({
    module: 'activity',
    call: 'list',
    access: 'user',
    fields: { ...paging, actorId: optionalId, group, projectId: optionalId },
    response: answers.ActivityPage,
    handle: async (b, { services, metadata }) => {
      const answer = await services.messaging.listActivity(
        {
          page: b.page ?? 1,
          pageSize: b.pageSize ?? 20,
          actorId: Number(b.actorId || 0),
          group: b.group ?? '',
          projectId: Number(b.projectId || 0),
        },
        { metadata },
      );
      return { list: answer.activities, total: answer.total };
    },
  }),
  defineCall({
    module: 'activity',
    call: 'count',
    access: 'user',
    fields: { since: integer(0, 8_640_000_000_000) },
    response: Type.Array(answers.ActivityCount),
    handle: async (b, { services, metadata }) =>
      (await services.messaging.countActivity({ since: b.since }, { metadata })).counts,
  }),
];
