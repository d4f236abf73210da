import type { Body } from '../../api/request';
import { ApiCode, ApiError } from '../../api/request';

/**
 * The server's input rules (docs/api/knowledge.md, the gateway's field checks and messages), applied to calls that
 * local mode answers, so a local project refuses what a team project would, with the same Chinese messages.
 */
export const refuse = (message: string): never => {
  throw new ApiError(message, ApiCode.businessError);
};

export const NOT_FOUND = '项目不存在或无权访问';
export const NODE_NOT_FOUND = '节点不存在或已被删除';
/** Templates included, as the server counts. */
export const MAX_NODES = 20_000;
/** docs/api/knowledge.md: a document is at most 5 MB of JSON text. */
export const MAX_DOC_BYTES = 5 * 1024 * 1024;

const SAFE_ID = /^[1-9]\d{0,15}$/;

/** SPEC §5: a missing, empty, zero or non-numeric id is refused, in the gateway's words. */
export function id(body: Body, field: string): number {
  const value = body[field];
  if (value === undefined || value === null) return refuse(`缺少参数：${field}`);
  const text = String(value);
  if (!SAFE_ID.test(text) || !Number.isSafeInteger(Number(text))) return refuse(`参数格式错误：${field}`);
  return Number(text);
}

/** An id that may be left out, empty or 0 (none). */
export function optionalId(body: Body, field: string): number {
  const value = body[field];
  if (value === undefined || value === null || value === '' || value === 0 || value === '0') return 0;
  return id(body, field);
}

export function text(body: Body, field: string): string {
  const value = body[field];
  return value === undefined || value === null ? '' : String(value);
}

export const has = (body: Body, field: string) => body[field] !== undefined && body[field] !== null;

/** A required name: trimmed, 1 to `max` characters. */
export function name(value: string, label: string, max: number): string {
  const trimmed = value.trim();
  if (!trimmed) refuse(`请输入${label}`);
  if ([...trimmed].length > max) refuse(`${label}最多${max}个字符`);
  return trimmed;
}

export function maxLength(value: string, label: string, max: number): string {
  if ([...value].length > max) refuse(`${label}最多${max}个字符`);
  return value;
}

export function oneOf<T extends string>(value: string, allowed: readonly T[], message: string): T {
  if (!(allowed as readonly string[]).includes(value)) refuse(message);
  return value as T;
}

/** JSON text of a form field, refused with the field's message when it does not parse. */
export function json(value: string, message: string): unknown {
  try {
    return JSON.parse(value);
  } catch {
    return refuse(message);
  }
}

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'TRACE'] as const;
export const API_STATUSES = ['designing', 'developing', 'testing', 'released', 'deprecated'] as const;
export const NODE_KINDS = ['folder', 'api', 'page', 'schema'] as const;

/** A path of segments with well-formed `{name}` parameters (OpenAPI's template): /users/{id}/posts/{postId}. */
const PATH = /^\/(?:[^{}\s]|\{[A-Za-z_][\w.-]*\})*$/;

export function apiPath(path: string): string {
  if (!path.startsWith('/')) refuse('接口路径必须以 / 开头');
  if (!PATH.test(path) || path.length > 2_000) {
    refuse('接口路径不正确：不能有空格，路径参数写成 {name}，名称由字母、数字和下划线组成');
  }
  return path;
}

export function httpMethod(value: string): (typeof HTTP_METHODS)[number] {
  return oneOf(
    value.toUpperCase(),
    HTTP_METHODS,
    '请求方法只能是 GET、POST、PUT、PATCH、DELETE、HEAD、OPTIONS 或 TRACE',
  );
}

/** 'http(s)://…' or empty. */
export function baseUrl(value: string): string {
  const url = value.trim();
  if (!url) return '';
  try {
    const parsed = new URL(url);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return url;
  } catch {
    // refused below
  }
  return refuse('前置URL必须是 http(s) 地址');
}

/** SPEC §9 relative time, as the server renders `updateTimeLabel`. */
export function relativeTime(at: number, now: number): string {
  const minutes = Math.floor((now - at) / 60_000);
  if (minutes < 1) return '刚刚';
  if (minutes < 60) return `${minutes}分钟前`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}小时前`;
  return `${Math.floor(hours / 24)}天前`;
}

/** The conflict message's time, formatted as the gateway formats it. */
const savedAt = new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hour12: false,
});

export const clockTime = (at: number) => savedAt.format(at);
