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
export const NODE_NOT_FOUND = '文档节点不存在';
export const MAX_NODES = 10_000;
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

/** A path of an operation: starts with '/', no spaces or query; path parameters as {name}. */
export function apiPath(value: string): string {
  const path = value.trim();
  if (!/^\/[^\s?#]*$/.test(path) || path.length > 500) refuse('接口路径格式错误，应以 / 开头且不含空格');
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
  return refuse('前置地址必须是 http 或 https 地址');
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

/** 'YYYY-MM-DD HH:mm' in the browser's time zone, for the conflict message. */
export function clockTime(at: number): string {
  const d = new Date(at);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
