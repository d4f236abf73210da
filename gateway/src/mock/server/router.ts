import type { MockApi } from '@pmbok/project-service/mock-index';

/**
 * Routing of the mock (docs/api/mock-and-fields.md, "Routing"): the documents' path templates compiled into a tree
 * once per index revision. At each segment a literal wins over a segment mixing text and parameters, which wins
 * over a whole parameter; so `/pets/mine` beats `/pets/{id}` and `/files/{name}.json` beats `/files/{name}`.
 */

type Pattern = { regex: RegExp; names: string[]; node: Node };
interface Node {
  literal: Map<string, Node>;
  patterns: Pattern[];
  param?: { name: string; node: Node };
  /** The api per method of templates ending here. */
  methods: Map<string, number>;
}

const node = (): Node => ({ literal: new Map(), patterns: [], methods: new Map() });

export type RouteMatch =
  | { kind: 'found'; api: number; params: Record<string, string> }
  | { kind: 'method'; allow: string[] }
  | { kind: 'none' };

export interface Router {
  match(method: string, path: string): RouteMatch;
  /** The documented paths closest to `path` by edit distance, at most `count`. */
  nearest(path: string, count: number): { method: string; path: string; name: string }[];
}

const PARAM = /\{([^{}]+)\}/g;
/** Paths a 404's nearest are looked for among. */
const NEAREST_POOL = 300;
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Segments of a path, each percent-decoded (a malformed escape is kept as sent). */
export function segmentsOf(path: string): string[] {
  const parts = path.split('/').slice(1);
  if (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts.map((part) => {
    try {
      return decodeURIComponent(part);
    } catch {
      return part;
    }
  });
}

function insert(root: Node, template: string, method: string, api: number) {
  let at = root;
  for (const segment of segmentsOf(template.startsWith('/') ? template : `/${template}`)) {
    const whole = /^\{([^{}]+)\}$/.exec(segment);
    if (whole) {
      at.param ??= { name: whole[1] as string, node: node() };
      at = at.param.node;
    } else if (segment.includes('{')) {
      const source = `^${escapeRegex(segment).replace(/\\\{([^{}]+?)\\\}/g, '(.+?)')}$`;
      let pattern = at.patterns.find((p) => p.regex.source === source);
      if (!pattern) {
        pattern = {
          regex: new RegExp(source),
          names: [...segment.matchAll(PARAM)].map((m) => m[1] as string),
          node: node(),
        };
        at.patterns.push(pattern);
      }
      at = pattern.node;
    } else {
      let next = at.literal.get(segment);
      if (!next) {
        next = node();
        at.literal.set(segment, next);
      }
      at = next;
    }
  }
  // The first document of a method and template wins, as the tree lists them.
  if (!at.methods.has(method)) at.methods.set(method, api);
}

export function compileRouter(apis: MockApi[]): Router {
  const root = node();
  apis.forEach((api, index) => {
    insert(root, api.path || '/', api.method.toUpperCase(), index);
  });

  /** Every end node the segments reach, best first, with the parameters taken on the way. */
  function* walk(
    at: Node,
    segments: string[],
    i: number,
    params: Record<string, string>,
  ): Generator<[Node, Record<string, string>]> {
    if (i === segments.length) {
      if (at.methods.size > 0) yield [at, params];
      return;
    }
    const segment = segments[i] as string;
    const literal = at.literal.get(segment);
    if (literal) yield* walk(literal, segments, i + 1, params);
    for (const pattern of at.patterns) {
      const found = pattern.regex.exec(segment);
      if (!found) continue;
      const taken = { ...params };
      pattern.names.forEach((name, k) => {
        taken[name] = found[k + 1] as string;
      });
      yield* walk(pattern.node, segments, i + 1, taken);
    }
    if (at.param && segment !== '')
      yield* walk(at.param.node, segments, i + 1, { ...params, [at.param.name]: segment });
  }

  // Clients call the same few paths over and over: a match is kept per method and path (the params object is
  // shared between answers, which only read it), up to a bound after which the memory starts over.
  const memo = new Map<string, RouteMatch>();
  const MEMO_MAX = 5_000;

  function matchOnce(method: string, path: string): RouteMatch {
    const wanted = method === 'HEAD' ? 'GET' : method;
    const allow = new Set<string>();
    for (const [end, params] of walk(root, segmentsOf(path), 0, {})) {
      const api = end.methods.get(wanted);
      if (api !== undefined) return { kind: 'found', api, params };
      for (const m of end.methods.keys()) allow.add(m);
    }
    if (allow.size === 0) return { kind: 'none' };
    if (allow.has('GET')) allow.add('HEAD');
    allow.add('OPTIONS');
    return { kind: 'method', allow: [...allow].sort() };
  }

  return {
    match(method, path) {
      const key = `${method} ${path}`;
      let found = memo.get(key);
      if (!found) {
        found = matchOnce(method, path);
        if (memo.size >= MEMO_MAX) memo.clear();
        memo.set(key, found);
      }
      return found;
    },
    nearest(path, count) {
      // Edit distance to at most NEAREST_POOL paths, those sharing the longest start with the request (a 404 of a
      // 5,000-document project must not cost the gateway's thread tens of milliseconds), pruned further: a path
      // whose length alone puts it beyond the current worst is skipped, a distance stops once it exceeds it.
      const target = path.slice(0, 200);
      const shared = (candidate: string) => {
        let n = 0;
        while (n < candidate.length && n < target.length && candidate.charCodeAt(n) === target.charCodeAt(n)) n++;
        return n;
      };
      const pool =
        apis.length <= NEAREST_POOL
          ? apis
          : apis
              .map((api) => ({ api, prefix: shared(api.path) }))
              .sort((a, b) => b.prefix - a.prefix)
              .slice(0, NEAREST_POOL)
              .map(({ api }) => api);
      const best: { api: MockApi; distance: number }[] = [];
      for (const api of pool) {
        const candidate = api.path.slice(0, 200);
        const worst =
          best.length < count ? Number.POSITIVE_INFINITY : (best[best.length - 1] as { distance: number }).distance;
        if (Math.abs(candidate.length - target.length) >= worst) continue;
        const distance = editDistance(target, candidate, worst);
        if (distance >= worst) continue;
        const at = best.findIndex((b) => b.distance > distance);
        best.splice(at < 0 ? best.length : at, 0, { api, distance });
        if (best.length > count) best.pop();
      }
      return best.map(({ api }) => ({ method: api.method.toUpperCase(), path: api.path, name: api.name }));
    },
  };
}

/**
 * Levenshtein distance with one row of memory (a few lines; the libraries that do it bring nothing more for
 * strings capped at 200 characters); from `limit` on it stops and answers `limit`.
 */
export function editDistance(a: string, b: string, limit = Number.POSITIVE_INFINITY): number {
  const row = new Uint16Array(b.length + 1);
  for (let j = 0; j <= b.length; j++) row[j] = j;
  for (let i = 1; i <= a.length; i++) {
    let diagonal = row[0] as number;
    row[0] = i;
    let smallest = i;
    for (let j = 1; j <= b.length; j++) {
      const above = row[j] as number;
      const cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
      const value = Math.min(above + 1, (row[j - 1] as number) + 1, diagonal + cost);
      row[j] = value;
      if (value < smallest) smallest = value;
      diagonal = above;
    }
    if (smallest >= limit) return limit;
  }
  return row[b.length] as number;
}
