import type { KeyValue, PlanCase, PlanScript, RequestSpec, RunPlan, Step } from '../model.js';
import { type FoundAuth, readAuth } from './auth.js';
import { PostmanFormatError } from './errors.js';
import { type CollectionFileReader, normaliseRawRequest, toRequestSpec } from './request.js';
import { loadPostmanSdk, type PostmanSdk } from './sdk.js';
import { eventsOf, isObject, type RawCollection, type RawItem } from './shapes.js';
import { collectionVariables, variableFile } from './variables.js';

export { PostmanFormatError } from './errors.js';
export type { CollectionFileReader } from './request.js';

export interface PostmanInput {
  /** The parsed collection: v2.0 or v2.1, bare, wrapped as `{collection: {...}}`, or without an info block. */
  collection: unknown;
  /** A Postman environment file (parsed). */
  environment?: unknown;
  /** A Postman globals file (parsed). */
  globals?: unknown;
  /** Reads files the collection names, relative to its folder; without it file fields are left out (warned). */
  readFile?: CollectionFileReader;
}

export interface PostmanPlan {
  plan: RunPlan;
  /** What could not be carried over (an auth type, a missing file …), in Chinese, each once. */
  warnings: string[];
}

/** The scenario a collection becomes: its requests in collection order, folders flattened. */
export const COLLECTION_SCENARIO_KEY = 'collection';

/** Whether parsed JSON looks like a Postman collection of any version (bare or wrapped). */
export function isPostmanCollection(json: unknown): boolean {
  const collection = isObject(json) && isObject(json.collection) ? json.collection : json;
  return isObject(collection) && (Array.isArray(collection.item) || Array.isArray(collection.requests));
}

/**
 * A Postman collection (with its environment and globals) as a run plan: one case per request, one scenario of
 * them in collection order, scripts and auth inherited the way Postman runs them.
 */
export async function postmanToPlan(input: PostmanInput): Promise<PostmanPlan> {
  const collection = readCollection(input.collection);
  const environment = input.environment === undefined ? undefined : variableFile(input.environment, '环境');
  const globals = input.globals === undefined ? undefined : variableFile(input.globals, '全局变量');
  const sdk = await loadPostmanSdk();
  const name = collection.info?.name ?? collection.name ?? 'Postman 集合';
  const walker = new CollectionWalker(sdk, input.readFile);
  const inherited: Inherited = {
    folders: [],
    pre: walker.scripts(collection, 'prerequest', `集合 ${name}`),
    test: walker.scripts(collection, 'test', `集合 ${name}`),
    auth: walker.auth(collection, `集合「${name}」`),
  };
  await walker.walk(collection.item, inherited, []);
  const plan: RunPlan = {
    name,
    environment: { name: environment?.name ?? '', baseUrl: '', variables: environment?.variables ?? [] },
    variables: collectionVariables(collection.variable),
    cases: walker.cases,
    scenarios: { [COLLECTION_SCENARIO_KEY]: { key: COLLECTION_SCENARIO_KEY, name, steps: walker.steps } },
    entry: { scenarioKey: COLLECTION_SCENARIO_KEY },
    // Postman goes on after a failed test; the CLI's --bail stops at the first.
    stopOnFailure: false,
  };
  if (globals) plan.globals = globals.variables;
  return { plan, warnings: [...walker.warnings] };
}

/**
 * Postman's auth replaces what the request itself says under the same name (an `Authorization` header for basic
 * and bearer, the API key's header or query entry): those entries are kept, disabled, so the auth is what is sent.
 */
function yieldToAuth(request: RequestSpec): void {
  const auth = request.auth;
  if (!auth) return;
  const disable = (list: KeyValue[] | undefined, same: (name: string) => boolean) => {
    for (const entry of list ?? []) if (entry.enabled !== false && same(entry.name)) entry.enabled = false;
  };
  if (auth.type === 'basic' || auth.type === 'bearer') {
    disable(request.headers, (name) => name.toLowerCase() === 'authorization');
  } else if (auth.type === 'apikey' && auth.in === 'header') {
    disable(request.headers, (name) => name.toLowerCase() === auth.key.toLowerCase());
  } else if (auth.type === 'apikey') {
    disable(request.query, (name) => name === auth.key);
  }
}

function readCollection(json: unknown): RawCollection {
  const collection = isObject(json) && isObject(json.collection) ? json.collection : json;
  if (!isObject(collection)) throw new PostmanFormatError('不是 Postman 集合文件：内容应为 JSON 对象');
  const info = isObject(collection.info) ? collection.info : undefined;
  const schema = typeof info?.schema === 'string' ? info.schema : '';
  if (Array.isArray(collection.requests) || Array.isArray(collection.order) || /\/v1\.\d/.test(schema)) {
    throw new PostmanFormatError('不支持 Postman Collection v1 格式，请在 Postman 中导出为 Collection v2.1 后再试');
  }
  if (!Array.isArray(collection.item)) throw new PostmanFormatError('不是 Postman 集合文件：缺少 item 列表');
  return collection as unknown as RawCollection;
}

interface Inherited {
  folders: string[];
  pre: PlanScript[];
  test: PlanScript[];
  auth: FoundAuth;
}

class CollectionWalker {
  readonly cases: Record<string, PlanCase> = {};
  readonly steps: Step[] = [];
  readonly warnings = new Set<string>();

  constructor(
    private readonly sdk: PostmanSdk,
    private readonly readFile: CollectionFileReader | undefined,
  ) {}

  async walk(items: RawItem[], inherited: Inherited, path: number[]): Promise<void> {
    for (const [index, item] of items.entries()) {
      if (!isObject(item)) continue;
      const itemPath = [...path, index + 1];
      const name = typeof item.name === 'string' && item.name ? item.name : '未命名';
      if (Array.isArray(item.item)) {
        await this.walk(item.item, this.inside(item, name, inherited), itemPath);
      } else if (item.request !== undefined) {
        await this.addCase(item, name, inherited, itemPath);
      } else {
        this.warnings.add(`「${name}」既不是目录也不是请求，已跳过`);
      }
    }
  }

  /** What a folder's items inherit: its scripts after its parents', its auth unless it says nothing. */
  private inside(folder: RawItem, name: string, parent: Inherited): Inherited {
    return {
      folders: [...parent.folders, name],
      pre: [...parent.pre, ...this.scripts(folder, 'prerequest', `目录 ${name}`)],
      test: [...parent.test, ...this.scripts(folder, 'test', `目录 ${name}`)],
      auth: this.auth(folder, `目录「${name}」`) ?? parent.auth,
    };
  }

  private async addCase(item: RawItem, name: string, inherited: Inherited, path: number[]): Promise<void> {
    const key = this.keyFor(item, path);
    const sdkRequest = new this.sdk.Request(normaliseRawRequest(item.request) as never);
    const behaviour = item.protocolProfileBehavior;
    const request = await toRequestSpec(sdkRequest, {
      sdk: this.sdk,
      itemName: name,
      readFile: this.readFile,
      warn: (message) => this.warnings.add(message),
      disableBodyPruning: isObject(behaviour) && behaviour.disableBodyPruning === true,
    });
    const rawRequest = isObject(item.request) ? item.request : {};
    const auth = this.auth(rawRequest as RawItem, `请求「${name}」`) ?? inherited.auth;
    if (auth && 'spec' in auth && auth.spec.type !== 'none') {
      request.auth = auth.spec;
      yieldToAuth(request);
    }
    const planCase: PlanCase = { key, name, request };
    const pre = [...inherited.pre, ...this.scripts(item, 'prerequest', name)];
    const test = [...inherited.test, ...this.scripts(item, 'test', name)];
    if (pre.length > 0) planCase.preScripts = pre;
    if (test.length > 0) planCase.testScripts = test;
    if (inherited.folders.length > 0) planCase.source = { folder: inherited.folders };
    this.cases[key] = planCase;
    this.steps.push({ id: `s${this.steps.length + 1}`, kind: 'case', caseKey: key, name });
  }

  /** An owner's auth block; an unsupported type is warned once, naming where it is set, and sends no auth. */
  auth(owner: RawItem, origin: string): FoundAuth {
    const found = readAuth(this.sdk, owner.auth);
    if (found && 'unsupported' in found) {
      this.warnings.add(`${origin}的认证方式 ${found.unsupported} 不支持，使用它的请求将不带认证发送`);
    }
    return found;
  }

  scripts(owner: RawItem, listen: 'prerequest' | 'test', name: string): PlanScript[] {
    const scripts: PlanScript[] = [];
    for (const event of eventsOf(owner)) {
      if (event.listen !== listen || event.disabled === true) continue;
      const script = typeof event.script === 'string' ? { exec: event.script } : event.script;
      if (!isObject(script)) continue;
      const code = Array.isArray(script.exec)
        ? script.exec.join('\n')
        : typeof script.exec === 'string'
          ? script.exec
          : '';
      if (code.trim() === '') {
        if (script.src) this.warnings.add(`${name} 的脚本引用外部文件 ${String(script.src)}，不支持，已跳过`);
        continue;
      }
      scripts.push({ name, code });
    }
    return scripts;
  }

  /** The item's own id when it has one (unique in the plan), else its position: `item-2-1`. */
  private keyFor(item: RawItem, path: number[]): string {
    const own = typeof item.id === 'string' && item.id ? item.id : item._postman_id;
    let key = typeof own === 'string' && own ? own : `item-${path.join('-')}`;
    for (let n = 2; this.cases[key]; n++) key = `${own || `item-${path.join('-')}`}~${n}`;
    return key;
  }
}
