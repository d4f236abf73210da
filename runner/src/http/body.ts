import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { HttpFailure, httpMessages } from './errors.js';

type Decoder = (input: Buffer, options: zlib.ZlibOptions & zlib.BrotliOptions) => Promise<Buffer>;

const gunzip = promisify(zlib.gunzip) as Decoder;
const inflate = promisify(zlib.inflate) as Decoder;
const inflateRaw = promisify(zlib.inflateRaw) as Decoder;
const brotli = promisify(zlib.brotliDecompress) as Decoder;

/** `deflate` is meant to be zlib-wrapped, but some servers send it raw. */
const deflate: Decoder = (input, options) =>
  inflate(input, options).catch((error: { code?: string }) => {
    if (error?.code === 'ERR_BUFFER_TOO_LARGE') throw error;
    return inflateRaw(input, options);
  });

const codings: Record<string, Decoder> = { gzip: gunzip, 'x-gzip': gunzip, deflate, br: brotli };

/** What the client asks for: only encodings it can decode within bounds. */
export const ACCEPT_ENCODING = 'gzip, deflate, br';

/**
 * The body as sent before `Content-Encoding`, decoded on the thread pool, each step bounded by `maxBytes` (zlib's
 * maxOutputLength), so a small compressed bomb is refused as too large instead of filling the memory. An encoding
 * it does not know (zstd, a made-up one) leaves the bytes as received.
 */
export async function decodeContent(raw: Buffer, contentEncoding: string | undefined, maxBytes: number) {
  if (!contentEncoding || raw.length === 0) return raw;
  const listed = contentEncoding
    .toLowerCase()
    .split(',')
    .map((coding) => coding.trim())
    .filter((coding) => coding && coding !== 'identity');
  if (listed.some((coding) => !codings[coding])) return raw;
  let body = raw;
  try {
    for (const coding of listed.reverse()) {
      body = await codings[coding]!(body, { maxOutputLength: maxBytes });
    }
  } catch (error) {
    if ((error as { code?: string })?.code === 'ERR_BUFFER_TOO_LARGE' || error instanceof RangeError) {
      throw new HttpFailure('tooLarge', httpMessages.tooLarge(maxBytes), 'tooLarge');
    }
    throw new HttpFailure('network', httpMessages.failed(`无法解压响应（${contentEncoding}）`), 'network');
  }
  return body;
}

const TEXT_TYPES = new Set([
  'application/javascript',
  'application/ecmascript',
  'application/x-www-form-urlencoded',
  'application/graphql',
  'application/yaml',
  'application/x-yaml',
  'application/x-ndjson',
  'application/jsonl',
]);

function isTextType(mediaType: string): boolean {
  return mediaType.startsWith('text/') || /[/+](json|xml)$/.test(mediaType) || TEXT_TYPES.has(mediaType);
}

const utf8 = new TextDecoder('utf-8');
/** Decoders by charset label, made once (making one costs more than decoding a small answer). */
const decoders = new Map<string, InstanceType<typeof TextDecoder>>([
  ['utf-8', utf8],
  ['utf8', utf8],
]);

function decoderFor(charset = 'utf-8') {
  let decoder = decoders.get(charset);
  if (!decoder) {
    try {
      decoder = new TextDecoder(charset);
    } catch {
      decoder = utf8;
    }
    if (decoders.size < 64) decoders.set(charset, decoder);
  }
  return decoder;
}

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The body as report text: decoded with the declared charset (a Chinese API may answer GBK) when the content type
 * is text, JSON, XML or a form, or when the bytes are valid UTF-8; else base64.
 */
export function bodyText(
  body: Uint8Array,
  contentType: string | undefined,
): { text: string; encoding: 'utf8' | 'base64' } {
  const [mediaType = '', ...parameters] = (contentType ?? '').toLowerCase().split(';');
  const charset = parameters
    .map((parameter) => parameter.trim())
    .find((parameter) => parameter.startsWith('charset='))
    ?.slice('charset='.length)
    .replace(/^"(.*)"$/, '$1');
  if (isTextType(mediaType.trim())) return { text: decoderFor(charset).decode(body), encoding: 'utf8' };
  try {
    return { text: strictUtf8.decode(body), encoding: 'utf8' };
  } catch {
    return { text: Buffer.from(body.buffer, body.byteOffset, body.byteLength).toString('base64'), encoding: 'base64' };
  }
}
