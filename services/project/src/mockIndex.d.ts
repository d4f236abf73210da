/**
 * What the project service gives the gateway's mock server (`GetMockIndex`, docs/api/mock-and-fields.md): a
 * project's api documents, models, effective field library and mock settings, as one JSON text. Types only: the
 * gateway imports them through `@pmbok/project-service/mock-index`; nothing here may become runtime code.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
export type JsonSchema = Json;

export interface MockParameter {
  in: 'path' | 'query' | 'header' | 'cookie';
  name: string;
  required: boolean;
  schema: JsonSchema;
  example: Json;
}

export interface MockFormField {
  name: string;
  type: 'string' | 'integer' | 'number' | 'boolean' | 'file' | 'array';
  required: boolean;
  schema: JsonSchema;
}

export interface MockResponse {
  /** '200', '4XX', 'default'. */
  status: string;
  name: string;
  mediaType: string;
  schema: JsonSchema;
  headers: { name: string; required: boolean; schema: JsonSchema }[];
  examples: { name: string; value: Json }[];
}

export interface MockCondition {
  source: 'path' | 'query' | 'header' | 'body';
  name: string;
  operator:
    | 'equals'
    | 'notEquals'
    | 'contains'
    | 'exists'
    | 'notExists'
    | 'matches'
    | 'greaterThan'
    | 'lessThan'
    | 'in';
  value: string;
}

export interface MockExpectationEntry {
  id: string;
  name: string;
  enabled: boolean;
  conditions: MockCondition[];
  response: {
    status: number;
    headers: { name: string; value: string }[];
    bodyType: 'example' | 'template' | 'schema' | 'text';
    body: Json;
    text: string;
    delayMs: number;
  };
}

export interface MockApi {
  projectStructureId: number;
  name: string;
  method: string;
  /** An OpenAPI path template: /pets/{petId}. */
  path: string;
  parameters: MockParameter[];
  requestBody: {
    type: 'none' | 'form-data' | 'x-www-form-urlencoded' | 'json' | 'xml' | 'raw' | 'binary';
    mediaType: string;
    required: boolean;
    schema: JsonSchema;
    fields: MockFormField[];
  };
  responses: MockResponse[];
  expectations: MockExpectationEntry[];
}

/** A library field as generation reads it (project fields over team fields of the same name). */
export interface MockField {
  name: string;
  aliases: string[];
  type: string;
  format: string;
  enum: Json[];
  example: Json;
  mockRule: string;
}

export interface MockIndex {
  projectId: number;
  /** Changes whenever anything below changes (the gateway compares it to keep compiled routes). */
  revision: string;
  access: 'token' | 'public';
  /** Compared in constant time by the gateway; empty with access 'public'. */
  token: string;
  validateRequests: boolean;
  apis: MockApi[];
  /** Schema documents by name: what `$ref: '#/components/schemas/<name>'` points at. */
  models: Record<string, JsonSchema>;
  fields: MockField[];
}
