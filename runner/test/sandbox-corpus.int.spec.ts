import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, ScriptRequest } from '../src/ports.js';
import { emptyScopes } from '../src/variables/index.js';
import { makeSandbox, response, run } from './sandboxHarness.js';

/**
 * Every pre-request and test script of the real Postman collections runs with a plausible answer, each
 * collection in one sandbox as a run would: none fails for a missing API (unsupported, a ReferenceError) or any
 * other script error. Their tests may pass or fail on the made-up data; that is not the point here.
 */
const corpus = fileURLToPath(new URL('../../../shared/corpus/postman-v2.1/', import.meta.url));
const present = existsSync(corpus);
if (!present) console.warn(`skipping the collection scripts: ${corpus} is absent`);

interface ScriptEvent {
  listen: string;
  script?: { exec?: string | string[] };
}

interface Item {
  name?: string;
  item?: Item[];
  /** A list, or (in older exports) a single event. */
  event?: ScriptEvent | ScriptEvent[];
  request?: { method?: string; url?: string | { raw?: string }; header?: { key: string; value: string }[] };
}

interface Script {
  where: string;
  phase: 'pre' | 'test';
  code: string;
  request: ScriptRequest;
}

function scriptsOf(file: string): { scripts: Script[]; variables: [string, string][] } {
  const json = JSON.parse(readFileSync(`${corpus}${file}`, 'utf8'));
  const collection = json.collection ?? json;
  const scripts: Script[] = [];
  const walk = (item: Item, path: string[], inherited: ScriptEvent[][]) => {
    const here = [...inherited, item.event === undefined ? [] : [item.event].flat()];
    if (item.item) {
      for (const child of item.item) walk(child, [...path, child.name ?? ''], here);
      return;
    }
    const url = item.request?.url;
    const request: ScriptRequest = {
      method: item.request?.method ?? 'GET',
      url: typeof url === 'string' ? url : (url?.raw ?? ''),
      headers: (item.request?.header ?? []).map((h) => [h.key, h.value]),
      name: item.name ?? '',
    };
    for (const phase of ['pre', 'test'] as const) {
      for (const level of here) {
        for (const event of level) {
          if (event.listen !== (phase === 'pre' ? 'prerequest' : 'test')) continue;
          const exec = event.script?.exec ?? '';
          const code = Array.isArray(exec) ? exec.join('\n') : exec;
          if (code.trim()) scripts.push({ where: path.join(' / '), phase, code, request });
        }
      }
    }
  };
  walk(collection, [], []);
  const variables = (collection.variable ?? []).map((v: { key: string; value: unknown }) => [
    v.key,
    String(v.value ?? ''),
  ]);
  return { scripts, variables };
}

// A body holding what the scripts read: Conduit's user/article/profile/comments, crAPI's token, mails and ids.
const article = {
  slug: 'how-to-train-your-dragon',
  title: 'How to train your dragon',
  description: 'Ever wonder how?',
  body: 'Very carefully.',
  tagList: ['dragons', 'training'],
  createdAt: '2024-02-18T03:22:56.637Z',
  updatedAt: '2024-02-18T03:48:35.824Z',
  favorited: false,
  favoritesCount: 0,
  author: { username: 'jake', bio: null, image: null, following: false },
};
const mail =
  "Your generated otp is: 123456. VIN: <b>1G1AB2C3</b> Pincode: <b>4567</b> We're glad. token: <b>abcDEF123</b> end";
const body = JSON.stringify({
  user: { email: 'jake@jake.jake', token: 'jwt.token.here', username: 'jake', bio: 'I work at statefarm', image: null },
  article,
  articles: [article],
  articlesCount: 1,
  comment: {
    id: 1,
    createdAt: article.createdAt,
    updatedAt: article.updatedAt,
    body: 'Thank you',
    author: article.author,
  },
  comments: [
    { id: 1, createdAt: article.createdAt, updatedAt: article.updatedAt, body: 'Thank you', author: article.author },
  ],
  profile: { username: 'jake', bio: null, image: null, following: true },
  tags: ['dragons', 'training'],
  token: 'crapi-token',
  id: 11,
  items: [{ Raw: { Data: mail } }],
  products: [{ id: 1, name: 'Seat', price: 10 }],
  response_from_mechanic_api: { id: 5 },
  message: 'OTP Sent',
});

const extracted: Record<string, Record<string, Record<string, unknown>>> = {
  'realworld-conduit.postman_collection.json': {
    globals: { token: 'jwt.token.here', slug: article.slug, commentId: '1' },
  },
  'crapi.postman_collection.json': {
    collection: {
      OTP: '123456',
      VIN: '1G1AB2C3',
      PIN: '4567',
      email_token: 'abcDEF123',
      token: 'crapi-token',
      'X-Forwarded-For': expect.stringMatching(/^\d{1,3}(\.\d{1,3}){3}$/),
      email: expect.stringMatching(/^[A-Z][a-z]+\.[A-Z][a-z]+@example\.com$/),
      phone: expect.stringMatching(/^\d{10}$/),
    },
  },
};

const collections = [
  'realworld-conduit.postman_collection.json',
  'crapi.postman_collection.json',
  'newman-inherited-entities.postman_collection.json',
];

describe.skipIf(!present).each(collections)('the scripts of %s', (file) => {
  let sandbox: Sandbox;
  beforeAll(async () => {
    sandbox = await makeSandbox();
  });
  afterAll(() => sandbox.dispose());

  it('all run without a script error', async () => {
    const { scripts, variables } = scriptsOf(file);
    expect(scripts.length).toBeGreaterThan(5);
    const scopes = emptyScopes();
    for (const [name, value] of variables) scopes.collection.set(name, value);
    const failures: string[] = [];
    let tests = 0;
    for (const script of scripts) {
      const out = await run(sandbox, {
        phase: script.phase,
        name: script.where,
        code: script.code,
        request: script.request,
        scopes,
        ...(script.phase === 'test' ? { response: response(body, 200, [['Content-Type', 'application/json']]) } : {}),
      });
      tests += out.tests.length;
      if (out.run.error)
        failures.push(`${script.phase} ${script.where}: ${out.run.error.kind} ${out.run.error.message}`);
    }
    expect(failures).toEqual([]);
    expect(tests).toBeGreaterThan(0);
    // What the scripts took out of the answers is where the next requests read it.
    for (const [scope, values] of Object.entries(extracted[file] ?? {})) {
      expect(Object.fromEntries(scopes[scope as keyof typeof scopes])).toMatchObject(values);
    }
  });
});
