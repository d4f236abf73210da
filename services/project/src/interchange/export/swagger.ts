import type { Json } from '../../domain/doc/content.js';
import { primitiveOf, toSwaggerSchema } from './swaggerSchema.js';

type Obj = Record<string, Json>;
const isObject = (value: unknown): value is Obj => !!value && typeof value === 'object' && !Array.isArray(value);
const str = (value: unknown) => (typeof value === 'string' ? value : '');
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch'];

/** Copies a 3.1 object's `x-` keys (the project's own extensions among them) onto its 2.0 counterpart. */
function copyExtensions(from: Obj, to: Obj) {
  for (const [key, value] of Object.entries(from)) if (key.startsWith('x-')) to[key] = value;
  return to;
}

/** OpenAPI 3's style and explode of an array parameter, as Swagger 2.0's collectionFormat. */
function collectionFormatOf(parameter: Obj): string | undefined {
  if (parameter.style === undefined && parameter.explode === undefined) return undefined;
  if (parameter.style === 'spaceDelimited') return 'ssv';
  if (parameter.style === 'pipeDelimited') return 'pipes';
  if (parameter.in === 'query' && parameter.explode !== false) return 'multi';
  return 'csv';
}

function parameterOf(parameter: Obj): Obj | undefined {
  if (parameter.in === 'cookie') return undefined;
  const out: Obj = { name: str(parameter.name), in: str(parameter.in) };
  if (str(parameter.description)) out.description = str(parameter.description);
  if (parameter.required === true) out.required = true;
  const schema = toSwaggerSchema(parameter.schema ?? { type: 'string' });
  Object.assign(out, primitiveOf(schema));
  const format = out.type === 'array' ? collectionFormatOf(parameter) : undefined;
  if (format) out.collectionFormat = format;
  if (parameter.allowEmptyValue === true && parameter.in === 'query') out.allowEmptyValue = true;
  if (parameter.deprecated === true) out['x-deprecated'] = true;
  // 2.0 parameters have no examples; the upgrade reads them back from x-examples.
  if (isObject(parameter.examples)) {
    const values = Object.entries(parameter.examples).map(([name, e]) => [name, isObject(e) ? (e.value ?? null) : e]);
    out['x-examples'] = Object.fromEntries(values);
  }
  return copyExtensions(parameter, out);
}

/** A 3.1 request body as a body parameter, or as formData parameters for a form's properties. */
function bodyParameters(body: Obj, op: Obj): Obj[] {
  const content = isObject(body.content) ? body.content : {};
  const types = Object.keys(content);
  const [first] = types;
  if (!first) return [];
  op.consumes = types;
  const media = isObject(content[first]) ? content[first] : {};
  const schema = toSwaggerSchema(media.schema ?? {});
  const form = /^(multipart\/form-data|application\/x-www-form-urlencoded)/i.test(first);
  if (form && isObject(schema) && isObject(schema.properties)) {
    const required = Array.isArray(schema.required) ? schema.required : [];
    return Object.entries(schema.properties).map(([name, property]) => {
      const p = isObject(property) ? property : {};
      return copyExtensions(body, {
        name,
        in: 'formData',
        ...(str(p.description) && { description: p.description }),
        ...(required.includes(name) && { required: true }),
        ...primitiveOf(property, true),
      });
    });
  }
  const parameter: Obj = { name: 'body', in: 'body' };
  if (str(body.description)) parameter.description = str(body.description);
  if (body.required === true) parameter.required = true;
  parameter.schema = schema;
  if (media.example !== undefined) parameter['x-examples'] = { [first]: media.example };
  return [copyExtensions(body, parameter)];
}

/**
 * A 3.1 response in 2.0 terms: the media types with a schema are the operation's `produces` (2.0 has one schema
 * for all of them), a media type that only carries examples becomes an entry of the response's `examples`.
 */
function responseOf(response: Obj, produces: string[]): Obj {
  const out: Obj = { description: str(response.description) };
  const content = isObject(response.content) ? response.content : {};
  const examples: Obj = {};
  for (const [type, raw] of Object.entries(content)) {
    const media = isObject(raw) ? raw : {};
    const hasExamples = media.example !== undefined || media.examples !== undefined;
    if (media.schema !== undefined || !hasExamples) {
      if (!produces.includes(type)) produces.push(type);
      if (out.schema === undefined) out.schema = toSwaggerSchema(media.schema ?? {});
    }
    if (media.example !== undefined) examples[type] = media.example;
    if (isObject(media.examples)) {
      for (const [name, example] of Object.entries(media.examples)) {
        if (isObject(example)) examples[name === 'default' ? type : name] = example.value ?? null;
      }
    }
  }
  if (Object.keys(examples).length > 0) out.examples = examples;
  if (isObject(response.headers)) {
    out.headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, header]) => {
        const h = isObject(header) ? header : {};
        const converted: Obj = primitiveOf(toSwaggerSchema(h.schema ?? { type: 'string' }));
        if (str(h.description)) converted.description = str(h.description);
        return [name, converted];
      }),
    );
  }
  return copyExtensions(response, out);
}

function operationOf(op: Obj): Obj {
  const out: Obj = {};
  for (const key of ['tags', 'summary', 'description', 'operationId', 'externalDocs']) {
    if (op[key] !== undefined) out[key] = op[key]!;
  }
  if (op.deprecated === true) out.deprecated = true;
  if (op.servers !== undefined) out['x-servers'] = op.servers;
  const parameters = (Array.isArray(op.parameters) ? op.parameters : [])
    .filter(isObject)
    .map(parameterOf)
    .filter((p): p is Obj => !!p);
  if (isObject(op.requestBody)) parameters.push(...bodyParameters(op.requestBody, out));
  if (parameters.length > 0) out.parameters = parameters;
  const produces: string[] = [];
  const responses: Obj = {};
  for (const [status, response] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    // 2.0 keys responses by exact status only: a range (4XX) has no place there.
    if (isObject(response) && /^(\d{3}|default)$/.test(status)) responses[status] = responseOf(response, produces);
  }
  if (produces.length > 0) out.produces = produces;
  // Swagger 2.0 requires at least one response.
  out.responses = Object.keys(responses).length > 0 ? responses : { default: { description: '' } };
  return copyExtensions(op, out);
}

/** host, basePath and schemes from the first server (the others have no place in 2.0). */
function serverOf(servers: Json | undefined, doc: Obj) {
  const [first] = Array.isArray(servers) ? servers.filter(isObject) : [];
  const url = str(first?.url);
  if (!url) return;
  try {
    const parsed = new URL(url);
    if (!/^(https?|wss?):$/.test(parsed.protocol)) return;
    doc.host = parsed.host;
    if (parsed.pathname && parsed.pathname !== '/') doc.basePath = parsed.pathname.replace(/\/$/, '');
    doc.schemes = [parsed.protocol.slice(0, -1)];
  } catch {
    if (url.startsWith('/') && url !== '/') doc.basePath = url.replace(/\/$/, '');
  }
}

/**
 * The project's OpenAPI 3.1 export (openApiDocument) written as Swagger 2.0: one mapping of the project's model
 * (to 3.1) and this conversion, rather than a second mapping that could drift from the first.
 */
export function swaggerDocument(oas: Obj): Obj {
  const doc: Obj = { swagger: '2.0', info: oas.info ?? { title: 'API', version: '1.0.0' } };
  serverOf(oas.servers, doc);
  if (oas.tags !== undefined) doc.tags = oas.tags;
  const paths: Obj = {};
  for (const [path, item] of Object.entries(isObject(oas.paths) ? oas.paths : {})) {
    if (!isObject(item)) continue;
    const converted: Obj = {};
    for (const method of METHODS) if (isObject(item[method])) converted[method] = operationOf(item[method]);
    // Swagger 2.0 has no TRACE: such an operation travels as an extension.
    if (isObject(item.trace)) converted['x-trace'] = item.trace;
    paths[path] = converted;
  }
  doc.paths = paths;
  const components = isObject(oas.components) ? oas.components : {};
  if (isObject(components.schemas)) {
    doc.definitions = Object.fromEntries(
      Object.entries(components.schemas).map(([key, schema]) => [key, toSwaggerSchema(schema)]),
    );
  }
  return copyExtensions(oas, doc);
}
