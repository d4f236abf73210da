import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness } from './harness.js';

/** A small seeded generator, so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  return { next, pick };
}

/** Form-encodes a value; a lone surrogate becomes invalid UTF-8 percent bytes, as a broken client would send. */
function formValue(value: unknown): string {
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80%FF';
  }
}

const calls = [
  'user/sendRegisterCode',
  'user/register',
  'user/loginByPassword',
  'user/checkUsername',
  'userInfo/getUserInfo',
  'userInfo/logout',
];
const fields = [
  'username',
  'telephone',
  'password',
  'repeatPassword',
  'code',
  'captcha',
  'smsType',
  'teamId',
  'version',
  'shareCode',
  'ticket',
];

describe('malformed requests to the slice', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('answer 400 (or 402 / 404) with a message, never 500, for hundreds of bad bodies', async () => {
    const { next, pick } = random(20261122);
    const badValues: unknown[] = [
      null,
      true,
      -1,
      1e308,
      [],
      ['13800000000', '13800000001'],
      { $gt: '' },
      { nested: { deeper: [1, 2, 3] } },
      'x'.repeat(10_000),
      '\u0000\uFFFF\uD800',
      '1380000000\n0',
      '<script>alert(1)</script>',
      "' OR 1=1 --",
      '../../etc/passwd',
      '１３８００００００００',
    ];
    const makeBody = () => {
      const body: Record<string, unknown> = {};
      const count = Math.floor(next() * 5);
      for (let i = 0; i < count; i++) body[pick(fields)] = pick(badValues);
      return body;
    };
    const kinds = ['json', 'json-raw', 'form', 'form-as-json', 'json-as-form', 'text', 'empty'] as const;
    const outcomes: string[] = [];
    for (let i = 0; i < 400; i++) {
      const kind = pick(kinds);
      const body = makeBody();
      let payload: string;
      let contentType: string | undefined;
      switch (kind) {
        case 'json':
          payload = JSON.stringify(body);
          contentType = 'application/json';
          break;
        case 'json-raw':
          payload = pick(['[1,2', '{"a":', 'null', '"str"', '123', '[]', '{"__proto__":{"x":1}}', '\u0000']);
          contentType = 'application/json';
          break;
        case 'form':
          payload = Object.entries(body)
            .map(([k, v]) => `${encodeURIComponent(k)}=${formValue(v)}`)
            .join('&');
          contentType = 'application/x-www-form-urlencoded';
          break;
        case 'form-as-json':
          payload = 'username=13800000000&password=x';
          contentType = 'application/json';
          break;
        case 'json-as-form':
          payload = JSON.stringify(body);
          contentType = 'application/x-www-form-urlencoded';
          break;
        case 'text':
          payload = 'hello';
          contentType = pick(['text/plain', 'application/xml', 'multipart/form-data; boundary=x']);
          break;
        case 'empty':
          payload = '';
          contentType = pick([undefined, 'application/json', 'application/x-www-form-urlencoded']);
          break;
      }
      const call = pick(calls);
      const response = await h.app.inject({
        method: 'POST',
        url: `/pmbok/api/${call}`,
        headers: {
          ...(contentType ? { 'content-type': contentType } : {}),
          authorization: pick(['', 'garbage', 'Bearer ']),
        },
        payload,
      });
      const answer = response.json() as { code: number; msg: string };
      outcomes.push(`${response.statusCode}/${answer.code}`);
      expect([200, 404], `${kind} ${call} ${payload.slice(0, 80)}`).toContain(response.statusCode);
      expect([400, 402, 404], `${kind} ${call} ${payload.slice(0, 80)} → ${answer.msg}`).toContain(answer.code);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
    // The app is still healthy after all of it.
    expect((await h.app.inject('/readyz')).statusCode).toBe(200);
    expect(new Set(outcomes).has('200/400')).toBe(true);
  });

  it('refuses an oversized body with 400', async () => {
    const response = await h.app.inject({
      method: 'POST',
      url: '/pmbok/api/user/loginByPassword',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `username=${'1'.repeat(200_000)}&password=x`,
    });
    expect(response.json()).toMatchObject({ code: 400 });
  });
});
