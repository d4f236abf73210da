import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCalls } from '../../src/routes/api/index.js';
import { type Harness, startHarness } from '../harness.js';
import { accessTable } from './access.js';
import {
  badMemberIds,
  badTeamIds,
  bodyRequests,
  fieldRequests,
  memberListQueries,
  type RawRequest,
  roleBodies,
  tinyPng,
  uploadRequests,
} from './malformed-inputs.js';
import { keyOf } from './routes.js';
import { type Actors, buildWorld, registerAccount, registerActors, type World } from './world.js';

/**
 * Envelope codes a call may answer with; 500 is never one for a request that is only malformed. 409: a saveDoc whose
 * other fields were spoilt after an earlier request of the sweep saved on the same base version.
 */
const ANSWER_CODES = [200, 400, 402, 409, 508, 880];
const CHINESE = /[\u4e00-\u9fff]/;

/**
 * What is wrong with an answer, if anything: it must be the `{code, msg, data}` envelope (plus `message` for
 * react-admin on the admin REST routes), with HTTP 200 on /pmbok/api, never 500, a Chinese message for a 400.
 */
export function envelopeProblem(
  response: LightMyRequestResponse,
  { codes = ANSWER_CODES, statuses = [200], message = false } = {},
): string | undefined {
  const answer = `HTTP ${response.statusCode}: ${response.body.slice(0, 120)}`;
  // A streamed answer (ai/chat/ask): every line an envelope, the last frame the one that ends it (status 2).
  if (String(response.headers['content-type']).startsWith('application/x-ndjson')) {
    const lines = response.body.trim().split('\n');
    for (const line of lines) {
      const problem = envelopeProblem(
        { ...response, headers: {}, body: line, json: () => JSON.parse(line) },
        {
          codes,
          statuses,
          message,
        },
      );
      if (problem) return `a line of the stream: ${problem}`;
    }
    const last = JSON.parse(lines.at(-1) ?? '{}') as { data?: { status?: number } };
    return last.data?.status === 2 ? undefined : `a stream that does not end, ${answer}`;
  }
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `not JSON, ${answer}`;
  }
  const { code, msg, data, ...rest } = (body ?? {}) as Record<string, unknown>;
  if (message && rest.message === msg) delete rest.message;
  if (typeof code !== 'number' || typeof msg !== 'string' || data === undefined || Object.keys(rest).length > 0)
    return `outside the envelope, ${answer}`;
  if (!statuses.includes(response.statusCode) || !codes.includes(code)) return answer;
  if (code === 400 && !CHINESE.test(msg)) return `a message the user cannot read, ${answer}`;
  return undefined;
}

let addresses = 0;
/** Each request from an address of its own, so per-address limits do not hide what the call itself answers. */
const nextAddress = () => {
  addresses++;
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`;
};

/** Runs `work` over `items`, `width` at a time. */
async function inParallel<T>(items: T[], width: number, work: (item: T) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The malformed-input sweep (issue 13): every call of the route table, with the valid body of the authorization
 * matrix and one field at a time replaced by a bad value (wrong types, empty, 100 KB, numbers past 2^53, -1, 1e309,
 * NaN, nesting, prototype keys), and with bodies of the wrong type or size, answers inside the envelope, never 500.
 */
describe('malformed-input sweep', () => {
  let h: Harness;
  let a: Actors;
  let shared: World;

  beforeAll(async () => {
    // Every bad variant of chat/edit and chat/delete posts a fresh message first, faster than the chat's flood guard
    // lets one user post (it is tested in the messaging service); this sweep is about the input, not the pace.
    h = await startHarness(undefined, { env: { PMBOK_CHAT_FLOOD_LIMIT: '1000000' } });
    a = await registerActors(h);
    shared = await buildWorld(h, a);
  });
  afterAll(async () => {
    expect(({} as { polluted?: unknown }).polluted, 'Object.prototype polluted').toBeUndefined();
    // The app is still healthy after all of it.
    expect((await h.app.inject('/readyz')).statusCode).toBe(200);
    await h.close();
  });

  describe.each(apiCalls.map((call) => [keyOf(call), call] as const))('%s', (key, call) => {
    it('answers inside the envelope, never 500', async () => {
      const access = accessTable[key];
      const w = access?.fresh ? await buildWorld(h, a) : shared;
      const least = access?.least ?? 'owner';
      const me =
        access?.ownAccount || least === 'instanceAdmin'
          ? await registerAccount(h)
          : a[least === 'public' || least === 'self' ? 'stranger' : least];
      const context = { h, w, a, me, allowed: true };
      const base = { teamId: w.teamId, ...(access ? await access.body(context) : {}) };
      // The test CLI's calls carry a project's API token, not the session's.
      const token = access?.authorization ? await access.authorization(context) : me.token;
      const fields = new Set(['teamId', 'version', ...Object.keys(call.fields), ...Object.keys(base)]);
      const requests: RawRequest[] = [
        ...[...fields].flatMap((field) => fieldRequests(base, field)),
        ...bodyRequests(base),
      ];
      const problems: string[] = [];
      await inParallel(requests, 16, async (request) => {
        const response = await h.app.inject({
          method: 'POST',
          url: `/pmbok/api/${key}`,
          headers: {
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
            ...(call.access === 'public' && !request.authorization
              ? {}
              : { authorization: request.authorization ?? token }),
          },
          payload: request.payload,
          remoteAddress: nextAddress(),
        });
        const problem = envelopeProblem(response);
        if (problem) problems.push(`${request.label} → ${problem}`);
      });
      expect(problems).toEqual([]);
    });
  });

  it('the members list (admin REST) answers bad queries, ids and bodies with 400-ish statuses and the envelope', async () => {
    const members = '/pmbok/admin/teamUsers';
    const auth = { authorization: a.owner.token };
    const requests: {
      method?: 'GET' | 'PUT' | 'DELETE';
      url: string;
      headers: Record<string, string>;
      payload?: string;
    }[] = [
      ...memberListQueries.map((query) => ({
        url: `${members}?${query}`,
        headers: { ...auth, 'x-team-id': shared.teamId },
      })),
      ...badTeamIds.map((teamId) => ({ url: members, headers: { ...auth, 'x-team-id': teamId } })),
      ...badTeamIds.map((teamId) => ({ url: `${members}?teamId=${encodeURIComponent(teamId)}`, headers: auth })),
      ...badMemberIds.flatMap((id) =>
        (['GET', 'DELETE'] as const).map((method) => ({
          method,
          url: `${members}/${id}`,
          headers: { ...auth, 'x-team-id': shared.teamId },
        })),
      ),
      ...roleBodies.map(({ contentType, payload }) => ({
        method: 'PUT' as const,
        url: `${members}/${a.teamMember.userId}`,
        headers: { ...auth, 'x-team-id': shared.teamId, ...(contentType ? { 'content-type': contentType } : {}) },
        payload,
      })),
    ];
    const problems: string[] = [];
    await inParallel(requests, 16, async (request) => {
      const response = await h.app.inject({ method: 'GET', ...request });
      if (response.statusCode === 200) return;
      const problem = envelopeProblem(response, {
        codes: [400, 402, 404],
        statuses: [400, 401, 403, 404],
        message: true,
      });
      const label = `${request.method ?? 'GET'} ${request.url.slice(0, 80)} ${request.headers['x-team-id'] ?? ''}`;
      if (problem) problems.push(`${label} → ${problem}`);
    });
    expect(problems).toEqual([]);
  });

  it('img/upload answers every malformed upload inside the envelope with 400 (402 without a token)', async () => {
    const problems: string[] = [];
    for (const token of [a.stranger.token, undefined]) {
      await inParallel(uploadRequests(tinyPng), 4, async (request) => {
        const response = await h.app.inject({
          method: 'POST',
          url: '/pmbok/api/img/upload',
          headers: {
            ...(request.contentType ? { 'content-type': request.contentType } : {}),
            ...(token ? { authorization: token } : {}),
          },
          payload: request.payload,
        });
        const problem = envelopeProblem(response, { codes: request.codes ?? (token ? [400] : [400, 402]) });
        if (problem) problems.push(`${request.label}${token ? '' : ' without a token'} → ${problem}`);
      });
    }
    expect(problems).toEqual([]);
  });
});
