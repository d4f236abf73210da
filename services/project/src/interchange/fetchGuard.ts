import { DomainError, invalid } from '@pmbok/infra';
import {
  allowedNetworksOf,
  createHttpClient,
  type HttpClient,
  HttpFailure,
  type HttpPolicy,
  isPublicAddress,
} from '@pmbok/runner';

/** docs/api/publishing.md: a URL source is read within 10 s, at most 20 MB, following at most 3 redirects. */
export const FETCH_LIMITS = { timeoutMs: 10_000, maxBytes: 20 * 1024 * 1024, maxRedirects: 3 };

export const fetchMessages = {
  badUrl: '导入地址格式不正确',
  badScheme: '只能从 http 或 https 地址导入',
  credentials: '导入地址不能包含用户名或密码',
  notPublic: (host: string) => `不能从内网、本机或云服务元数据地址导入：${host}`,
  unresolved: (host: string) => `无法解析导入地址的域名：${host}`,
  timeout: '导入地址超过 10 秒未完成响应',
  tooLarge: '导入地址的内容超过 20 MB',
  tooManyRedirects: '导入地址重定向超过 3 次',
  status: (status: number) => `导入地址返回 HTTP ${status}`,
  failed: '无法读取导入地址，请检查地址是否可以公开访问',
} as const;

export interface FetchOptions {
  /**
   * Networks (CIDR) an operator lets imports reach although they are not public, e.g. an intranet's API gateway
   * (`PMBOK_IMPORT_ALLOWED_NETWORKS`). Empty by default: only public unicast addresses.
   */
  allowedNetworks?: string[];
  timeoutMs?: number;
  maxBytes?: number;
  maxRedirects?: number;
  /** The resolver, replaceable in tests to point a public-looking name at a given address. */
  resolve?: HttpPolicy['resolve'];
}

export interface FetchedSource {
  text: string;
  /** The last URL (after redirects), whose file name names the source. */
  url: string;
  contentType: string;
}

/**
 * One guard for the codebase: imports use the address policy and the guarded client of the test runner
 * (`@pmbok/runner`), which checks each connection's address as it opens and every redirect.
 */
export { allowedNetworksOf };
/** Whether an import may reach an address: the runner's `isPublicAddress`. */
export const isFetchableAddress = isPublicAddress;

/** The URL checked for shape: http(s), no credentials (an import URL is stored and shown to the team). */
function checkUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(fetchMessages.badUrl);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalid(fetchMessages.badScheme);
  if (url.username || url.password) throw invalid(fetchMessages.credentials);
  return url;
}

/** The import's own words for the runner's refusals. */
function messageOf(failure: HttpFailure): string {
  switch (failure.reason) {
    case 'notPublic':
      return fetchMessages.notPublic(failure.host ?? '');
    case 'unresolved':
      return fetchMessages.unresolved(failure.host ?? '');
    case 'timeout':
      return fetchMessages.timeout;
    case 'tooLarge':
      return fetchMessages.tooLarge;
    case 'redirects':
      return fetchMessages.tooManyRedirects;
    case 'scheme':
      return fetchMessages.badScheme;
    case 'url':
      return fetchMessages.badUrl;
    default:
      return fetchMessages.failed;
  }
}

/**
 * Reads a URL the way an import may: a GET to public addresses only (checked for every connection and redirect),
 * within the time and size limits. Every refusal is `invalid(...)` with a Chinese message.
 */
export async function fetchImportSource(value: string, options: FetchOptions = {}): Promise<FetchedSource> {
  const url = checkUrl(value.trim());
  const client: HttpClient = createHttpClient(
    { allowPrivate: false, allowedNetworks: options.allowedNetworks ?? [], resolve: options.resolve },
    {
      maxRedirects: options.maxRedirects ?? FETCH_LIMITS.maxRedirects,
      responseMaxBytes: options.maxBytes ?? FETCH_LIMITS.maxBytes,
    },
  );
  try {
    const response = await client.send({
      method: 'GET',
      url: url.href,
      headers: [['accept', 'application/json, application/yaml, text/yaml, */*']],
      timeoutMs: options.timeoutMs ?? FETCH_LIMITS.timeoutMs,
    });
    if (response.status < 200 || response.status >= 300) throw invalid(fetchMessages.status(response.status));
    const contentType = response.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? '';
    return { text: Buffer.from(response.raw).toString('utf8'), url: response.url, contentType };
  } catch (error) {
    if (error instanceof DomainError) throw error;
    if (error instanceof HttpFailure) throw invalid(messageOf(error));
    throw invalid(fetchMessages.failed);
  } finally {
    await client.close();
  }
}
