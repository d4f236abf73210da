import { HttpError } from '../ports.js';

/** Why a request got no answer; callers with messages of their own (URL imports) choose them by this. */
export type FailureReason =
  | 'notPublic'
  | 'unresolved'
  | 'timeout'
  | 'tooLarge'
  | 'redirects'
  | 'scheme'
  | 'url'
  | 'request'
  | 'refused'
  | 'tls'
  | 'network';

/** An `HttpError` that also says why, and about which host. */
export class HttpFailure extends HttpError {
  constructor(
    kind: HttpError['kind'],
    message: string,
    readonly reason: FailureReason,
    readonly host?: string,
  ) {
    super(kind, message);
  }
}

function sizeOf(bytes: number): string {
  const mb = 1024 * 1024;
  if (bytes >= mb) return `${Number((bytes / mb).toFixed(1))} MB`;
  if (bytes >= 1024) return `${Number((bytes / 1024).toFixed(1))} KB`;
  return `${bytes} 字节`;
}

/** The messages a report shows (zh-CN). */
export const httpMessages = {
  notPublic: (host: string) =>
    `不能访问内网、本机或云服务元数据地址：${host}（管理员可通过 PMBOK_TEST_ALLOWED_NETWORKS 放行）`,
  unresolved: (host: string) => `无法解析域名：${host}`,
  timeout: (ms: number) => `请求超过 ${ms} ms 未完成`,
  tooLarge: (bytes: number) => `响应超过 ${sizeOf(bytes)}`,
  redirects: (count: number) => `重定向超过 ${count} 次`,
  scheme: '只支持 http 和 https 地址',
  badUrl: (url: string) => `地址格式不正确：${url}`,
  badHeader: (name: string) => `请求头不合法：${name}`,
  badRequest: (detail: string) => `请求格式不正确：${detail}`,
  refused: (host: string) => `无法连接 ${host}（连接被拒绝）`,
  tls: (detail: string) => `TLS 证书校验失败：${detail}（自签名证书可在命令行加 --insecure）`,
  failed: (detail: string) => `请求失败：${detail}`,
} as const;

export const refusal = {
  notPublic: (host: string, address?: string) =>
    new HttpFailure(
      'guard',
      httpMessages.notPublic(address && address !== host ? `${host} → ${address}` : host),
      'notPublic',
      host,
    ),
  unresolved: (host: string) => new HttpFailure('network', httpMessages.unresolved(host), 'unresolved', host),
};

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'ERR_TLS_CERT_ALTNAME_INVALID',
  'CERT_NOT_YET_VALID',
]);

/** A socket or protocol failure from Node's http, net or tls, as an HttpFailure with a message a report can show. */
export function networkFailure(error: unknown, host: string): HttpFailure {
  if (error instanceof HttpFailure) return error;
  const code = (error as { code?: string })?.code ?? '';
  const message = error instanceof Error ? error.message : String(error);
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return refusal.unresolved(host);
  if (code === 'ECONNREFUSED') return new HttpFailure('network', httpMessages.refused(host), 'refused', host);
  if (TLS_CODES.has(code)) return new HttpFailure('network', httpMessages.tls(code), 'tls', host);
  if (code === 'ETIMEDOUT')
    return new HttpFailure('network', httpMessages.failed(`连接 ${host} 超时`), 'network', host);
  if (code === 'ECONNRESET' || code === 'EPIPE') {
    return new HttpFailure('network', httpMessages.failed('连接被对方关闭，未收到完整响应'), 'network', host);
  }
  return new HttpFailure('network', httpMessages.failed(code ? `${code} ${message}` : message), 'network', host);
}
