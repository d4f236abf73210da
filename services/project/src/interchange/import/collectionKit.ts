import { invalid } from '@pmbok/infra';
import { createCompoundSchema } from 'genson-js';
import { type Content, checkContent, type Json } from '../../domain/doc/content.js';
import type { ImportPlan, InterchangeProblem, PlannedNode } from '../model.js';

/**
 * Shared by the collection importers (Postman, HAR, YApi): these sources describe requests, not an API, so each
 * importer fills the same api-document shape from examples and loose parameter lists.
 */

export type Parameter = {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required: boolean;
  description: string;
  schema: Json;
  example: Json;
  deprecated: boolean;
  extra: Record<string, Json>;
};
export type BodyField = {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'file' | 'array';
  required: boolean;
  description: string;
  example: Json;
  schema: Json;
};
export type Example = { name: string; summary: string; value: Json };
export type RequestBody = {
  type: 'none' | 'form-data' | 'x-www-form-urlencoded' | 'json' | 'xml' | 'raw' | 'binary';
  mediaType: string;
  required: boolean;
  description: string;
  schema: Json;
  fields: BodyField[];
  raw: string;
  examples: Example[];
  extra: Record<string, Json>;
};
export type Response = {
  status: string;
  name: string;
  description: string;
  mediaType: string;
  schema: Json;
  headers: { name: string; description: string; required: boolean; schema: Json }[];
  examples: Example[];
  extra: Record<string, Json>;
};
export type ApiDoc = {
  method: string;
  path: string;
  status: string;
  tags: string[];
  ownerId: number;
  description: string;
  operationId: string;
  deprecated: boolean;
  parameters: Parameter[];
  requestBody: RequestBody;
  responses: Response[];
  extra: Record<string, Json>;
};

export const emptyBody = (): RequestBody => ({
  type: 'none',
  mediaType: '',
  required: false,
  description: '',
  schema: {},
  fields: [],
  raw: '',
  examples: [],
  extra: {},
});

export const parameter = (
  where: Parameter['in'],
  name: string,
  more: Partial<Omit<Parameter, 'in' | 'name'>> = {},
): Parameter => ({
  in: where,
  name,
  required: where === 'path',
  description: '',
  schema: { type: 'string' },
  example: null,
  deprecated: false,
  extra: {},
  ...more,
});

export const apiDoc = (method: string, path: string, more: Partial<ApiDoc> = {}): ApiDoc => ({
  method,
  path,
  status: 'designing',
  tags: [],
  ownerId: 0,
  description: '',
  operationId: '',
  deprecated: false,
  parameters: [],
  requestBody: emptyBody(),
  responses: [],
  extra: {},
  ...more,
});

export const isObject = (value: unknown): value is Record<string, unknown> =>
  !!value && typeof value === 'object' && !Array.isArray(value);

/** JSON text as a value, or undefined when it is not JSON (Postman bodies often hold `{{var}}` placeholders). */
export function jsonOf(text: string | undefined): Json | undefined {
  if (!text?.trim()) return undefined;
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
}

/** The source's text as a value: the importers are handed either the file's text or the already parsed JSON. */
export function sourceValue(input: unknown, label: string): unknown {
  if (typeof input !== 'string') return input;
  try {
    return JSON.parse(input.charCodeAt(0) === 0xfeff ? input.slice(1) : input);
  } catch (error) {
    throw invalid(`${label}不是正确的 JSON：${(error as Error).message}`);
  }
}

/**
 * A JSON Schema (types only, nothing required: samples cannot tell which fields may be left out) that every sample
 * fits; genson merges the samples' object keys and array elements.
 */
export function inferSchema(samples: Json[]): Json {
  if (samples.length === 0) return {};
  return createCompoundSchema(samples, { noRequired: true }) as Json;
}

/** The body type the project uses for a media type. */
export function bodyTypeOf(mediaType: string): RequestBody['type'] {
  const type = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  if (type === '') return 'raw';
  if (type === 'application/json' || type.endsWith('+json')) return 'json';
  if (type === 'application/xml' || type === 'text/xml' || type.endsWith('+xml')) return 'xml';
  if (type === 'multipart/form-data') return 'form-data';
  if (type === 'application/x-www-form-urlencoded') return 'x-www-form-urlencoded';
  if (type.startsWith('text/') || type === 'application/javascript') return 'raw';
  return 'binary';
}

/** Whether a body of this media type is text the document may keep as an example (images, archives… are not). */
export function isTextMediaType(mediaType: string): boolean {
  const type = mediaType.toLowerCase().split(';')[0]?.trim() ?? '';
  return (
    type === '' ||
    type.startsWith('text/') ||
    /[/+](json|xml|javascript|x-www-form-urlencoded|graphql|yaml|csv)$/.test(type)
  );
}

const PARAM_NAME = /^[A-Za-z_][\w.-]*$/;
const paramName = (raw: string) => {
  const name = raw.trim().replace(/[^\w.-]/g, '_');
  return PARAM_NAME.test(name) ? name : `_${name}`;
};

/**
 * A request path as the project's path template: `:id` and `{{id}}` segments (Postman's path variables and
 * placeholders) become `{id}`, anything the template does not allow (spaces, stray braces) is percent-encoded.
 * Answers the template and the names of its parameters, in order.
 */
export function templatePath(rawPath: string): { path: string; names: string[] } {
  const names: string[] = [];
  const segments = rawPath
    .split(/[?#]/)[0]
    ?.split('/')
    .filter((segment, i) => segment !== '' || i === 0)
    .map((segment) => {
      if (/^:[^:]+$/.test(segment)) {
        const name = paramName(segment.slice(1));
        names.push(name);
        return `{${name}}`;
      }
      return segment
        .split(/(\{\{[^{}]*\}\}|\{[A-Za-z_][\w.-]*\})/)
        .map((part) => {
          const variable = /^\{\{([^{}]*)\}\}$/.exec(part) ?? /^\{([A-Za-z_][\w.-]*)\}$/.exec(part);
          if (variable) {
            const name = paramName(variable[1] ?? '');
            names.push(name);
            return `{${name}}`;
          }
          return part.replace(/[{}\s]/g, (c) => encodeURIComponent(c));
        })
        .join('');
    });
  const joined = (segments ?? []).filter((s) => s !== '').join('/');
  // `/items/` and `/items` are two endpoints to a server: the trailing slash stays.
  const trailing = joined !== '' && /\/$/.test(rawPath.split(/[?#]/)[0] ?? '') ? '/' : '';
  const path = `/${joined}${trailing}`;
  return { path, names: [...new Set(names)] };
}

/** A planned api node, or nothing and a problem when the built document does not pass the content check. */
export function checkedNode(
  node: PlannedNode,
  where: string,
  problems: InterchangeProblem[],
  models?: ReadonlySet<string>,
): PlannedNode | undefined {
  if (node.kind === 'folder') return node;
  try {
    return { ...node, content: checkContent(node.kind, node.content, models) };
  } catch (error) {
    problems.push({ where, message: `未导入：${(error as Error).message}` });
    return undefined;
  }
}

export const asContent = (doc: ApiDoc): Content => doc as unknown as Content;

/** A document's name as the tree takes it (1–100 characters). */
export const nodeName = (name: string, fallback: string) => {
  const trimmed = name.replace(/\s+/g, ' ').trim() || fallback;
  return trimmed.length > 100 ? `${trimmed.slice(0, 99)}…` : trimmed;
};

export const emptyPlan = (format: ImportPlan['format'], formatVersion: string, title: string): ImportPlan => ({
  format,
  formatVersion,
  title,
  description: '',
  servers: [],
  nodes: [],
  problems: [],
  scripts: [],
});
