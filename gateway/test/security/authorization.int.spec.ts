import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from '../harness.js';
import { type Access, accessTable, type Body } from './access.js';
import { type AdminAccess, adminAccess } from './access-admin.js';
import { tinyPng } from './malformed-inputs.js';
import { apiKeys, servedRoutes } from './routes.js';
import {
  type Account,
  type Actors,
  buildWorld,
  LADDER,
  type Rung,
  registerAccount,
  registerActors,
  secretsOf,
  type World,
} from './world.js';

/**
 * The authorization matrix (issue 13): every call of the route table, made by each person below the least role it
 * needs, is refused without a word about team T; made by that least role, it is allowed. A call without a row in
 * the table fails the suite, so a new call is covered the day it is added.
 */
describe('authorization matrix', () => {
  let h: Harness;
  let a: Actors;
  let instanceAdmin: Account;
  let shared: World;

  beforeAll(async () => {
    h = await startHarness();
    // The first account registered administers the instance (it reads feedback).
    instanceAdmin = await registerAccount(h);
    a = await registerActors(h);
    shared = await buildWorld(h, a);
  });
  afterAll(async () => {
    await h.close();
  });

  it('has a row for every call and every admin route the app serves', () => {
    const served = servedRoutes(h.app);
    const apiRoutes = served.filter((r) => r.startsWith('POST /pmbok/api/')).map((r) => r.slice(16));
    expect(apiRoutes.length).toBeGreaterThan(50);
    // img/upload is a route of its own (multipart), checked below.
    expect(apiRoutes.filter((k) => k !== 'img/upload').sort()).toEqual([...apiKeys].sort());
    expect(
      apiKeys.filter((k) => !accessTable[k]),
      'calls without a row in gateway/test/security/access-*.ts',
    ).toEqual([]);
    expect(
      Object.keys(accessTable).filter((k) => !apiKeys.includes(k)),
      'rows of calls that are gone',
    ).toEqual([]);
    const adminRoutes = served.filter((r) => r.includes(' /pmbok/admin/'));
    expect(
      adminRoutes.filter((r) => !adminAccess[r]),
      'admin routes without a row in access-admin.ts',
    ).toEqual([]);
    expect(
      Object.keys(adminAccess).filter((r) => !adminRoutes.includes(r)),
      'rows of gone routes',
    ).toEqual([]);
  });

  const rungsBelow = (least: Access['least']): Rung[] => {
    if (least === 'public') return [];
    if (least === 'self') return ['anonymous'];
    if (least === 'instanceAdmin') return [...LADDER];
    return LADDER.slice(0, LADDER.indexOf(least));
  };
  const leaks = (answer: unknown, w: World) => {
    const text = JSON.stringify(answer);
    return secretsOf(w, a).filter((secret) => text.includes(secret));
  };

  describe.each(Object.entries(accessTable))('%s', (key, access) => {
    it(`is refused below ${access.least} and allowed for ${access.least}`, async () => {
      const w = access.fresh ? await buildWorld(h, a) : shared;
      const own = access.ownAccount ? await registerAccount(h) : undefined;
      const call = async (rung: Rung | 'instanceAdmin', me: Account, allowed = false) => {
        const c = { h, w, a, me, allowed };
        const body: Body = { teamId: w.teamId, ...(await access.body(c)) };
        const token = allowed && access.authorization ? await access.authorization(c) : me.token;
        return h.call(key, body, rung === 'anonymous' && !(allowed && access.authorization) ? undefined : token);
      };
      for (const rung of [...rungsBelow(access.least), ...(access.refusedAlso ?? [])]) {
        const answer = await call(rung, rung === 'anonymous' ? (own ?? a.owner) : a[rung]);
        const label = `${key} as ${rung}: ${JSON.stringify(answer)}`;
        if (rung === 'anonymous') expect(answer.code, label).toBe(402);
        else expect([400, 404], label).toContain(answer.code);
        expect(answer.data, label).toBeNull();
        expect(leaks(answer, w), label).toEqual([]);
      }
      const least = access.least;
      const rung = least === 'public' ? 'anonymous' : least === 'self' ? 'stranger' : least;
      const me = own ?? (rung === 'instanceAdmin' ? instanceAdmin : rung === 'anonymous' ? a.stranger : a[rung]);
      const answer = await call(rung, me, true);
      const label = `${key} as ${rung}: ${JSON.stringify(answer)}`;
      expect(access.ok ?? [200], label).toContain(answer.code);
      // Someone outside T, allowed to make the call, learns nothing about T from it.
      if ((rung === 'anonymous' || rung === 'stranger') && !access.showsTeamToCodeHolder)
        expect(leaks(answer, w), label).toEqual([]);
    });
  });

  describe.each(Object.entries(adminAccess))('%s', (route, access: AdminAccess) => {
    it(`is refused below ${access.least} and allowed for ${access.least}`, async () => {
      const w = access.fresh ? await buildWorld(h, a) : shared;
      const inject = (token?: string) =>
        h.app.inject({
          ...access.request({ w, a }),
          headers: { 'x-team-id': w.teamId, ...(token ? { authorization: token } : {}) },
        });
      for (const rung of LADDER.slice(0, LADDER.indexOf(access.least))) {
        const response = await inject(rung === 'anonymous' ? undefined : a[rung].token);
        const label = `${route} as ${rung}: ${response.statusCode} ${response.body}`;
        expect(response.statusCode, label).toBe(rung === 'anonymous' ? 401 : 403);
        expect(response.json(), label).toMatchObject({ code: rung === 'anonymous' ? 402 : 400, data: null });
        expect(leaks(response.json(), w), label).toEqual([]);
      }
      const response = await inject(a[access.least].token);
      expect(response.statusCode, `${route}: ${response.body}`).toBe(200);
    });
  });

  it('img/upload: refused without a token, allowed for any signed-in user', async () => {
    const boundary = 'securityBoundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n`),
      Buffer.from('Content-Type: image/png\r\n\r\n'),
      tinyPng,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const upload = (token?: string) =>
      h.app.inject({
        method: 'POST',
        url: '/pmbok/api/img/upload',
        headers: {
          'content-type': `multipart/form-data; boundary=${boundary}`,
          ...(token ? { authorization: token } : {}),
        },
        payload,
      });
    expect((await upload()).json()).toMatchObject({ code: 402, data: null });
    expect((await upload(a.stranger.token)).json()).toMatchObject({ code: 200 });
  });
});
