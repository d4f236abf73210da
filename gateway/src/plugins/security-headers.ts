import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/** The image of a QR sign-in code when the auth service uses the WeChat official account (QR_LOGIN_PROVIDER=wechat). */
const WECHAT_QR_IMAGES = 'https://mp.weixin.qq.com';

/** A Host header that can be written into the policy as it is (no spaces, `;` or `,` to smuggle in directives). */
const PLAIN_HOST = /^[A-Za-z0-9.-]+(?::\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](?::\d{1,5})?$/;

/**
 * The live connection's origin. CSP Level 3 makes 'self' match ws:/wss: on the page's host, and current browsers
 * do; older WebKit did not, so the same host is named as well. The Host header is the browser's own (a forged
 * one only changes the policy sent back to whoever forged it).
 */
const liveOrigin = (request: IncomingMessage) => {
  const host = request.headers.host ?? '';
  return PLAIN_HOST.test(host) ? `ws://${host} wss://${host}` : "'self'";
};

/** A year; no includeSubDomains: other hosts under the operator's domain may not be served over TLS. */
const HSTS = 'max-age=31536000';

/** Marks where the live connection's origin goes in the policy (it depends on the request's Host). */
const LIVE = Symbol('live origin');

/**
 * Every directive is spelled out: helmet's defaults add `upgrade-insecure-requests`, which breaks a deployment served
 * over plain http on a LAN address, and allow styles and fonts from any https: origin.
 */
const DIRECTIVES: Record<string, (string | typeof LIVE)[]> = {
  'default-src': ["'self'"],
  // The console is a Vite bundle of module files: no inline script, no eval.
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  // MUI styles through emotion, which inserts <style> elements at run time, and the help manual page carries its own
  // <style>. A nonce would need the static index.html rewritten per answer and emotion's cache told the nonce, and
  // still would not cover style attributes that components set; inline styles cannot run code, so 'unsafe-inline'
  // is allowed for styles only.
  'style-src': ["'self'", "'unsafe-inline'"],
  // data: for MUI's inline SVG and the embedded QR codes, blob: for avatar previews before upload.
  'img-src': ["'self'", 'data:', 'blob:', WECHAT_QR_IMAGES],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", LIVE],
  // The xlsx export compresses in workers its zip library makes from blob: URLs of its own code (a worker falls back
  // to script-src, which would refuse them and leave the export hanging).
  'worker-src': ["'self'", 'blob:'],
  // The help manual is a page of the console's own bundle, shown in a frame.
  'frame-src': ["'self'"],
  'frame-ancestors': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'form-action': ["'self'"],
};

const policyText = (live: string) =>
  Object.entries(DIRECTIVES)
    .map(([name, values]) => `${name} ${values.map((value) => (value === LIVE ? live : value)).join(' ')}`)
    .join(';');

/**
 * What an API answer (`/pmbok/api/…`, JSON or a JSON-lines stream) carries instead of the page set: it is never a
 * document a browser renders, so a page's policy (scripts, styles, the live origin) means nothing there; what
 * matters is that it loads nothing, is framed by nobody, is not sniffed into HTML, is read by the console's own origin
 * only and is not kept by a cache (OWASP's REST security headers). Six short headers written once per answer instead
 * of twelve through helmet: a measurable share of a small answer's CPU (issue 24).
 */
const API_HEADERS: [string, string][] = [
  ['content-security-policy', "default-src 'none';frame-ancestors 'none'"],
  ['x-content-type-options', 'nosniff'],
  ['x-frame-options', 'DENY'],
  ['referrer-policy', 'no-referrer'],
  ['cross-origin-resource-policy', 'same-origin'],
  ['cache-control', 'no-store'],
];

const API_PREFIX = '/pmbok/api/';

/**
 * Browser protections on every answer (console, uploads, 404s): a strict Content-Security-Policy, no framing
 * by other sites (the QR sign-in confirmation signs a device in with one click: clickjacking), no MIME sniffing,
 * no referrer, and a browsing-context group of its own; API answers get their own set (above).
 */
async function securityHeaders(app: FastifyInstance) {
  // helmet's middleware made once, and the policy written once per Host: @fastify/helmet built helmet anew on every
  // request (every directive parsed and validated each time), a fifth of the CPU of a small answer such as the mock's.
  const protect = helmet({
    contentSecurityPolicy: false,
    // Sent below only when the request came over TLS: over plain http browsers ignore it and it misleads readers.
    strictTransportSecurity: false,
    xFrameOptions: { action: 'sameorigin' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    // Uploads and avatars are shown by the console only, which is served from the same origin.
    crossOriginResourcePolicy: { policy: 'same-origin' },
  });
  // The Host header is the client's: the memory is bounded and starts over when full.
  const policies = new Map<string, string>();
  const policyFor = (request: IncomingMessage) => {
    const host = request.headers.host ?? '';
    let policy = policies.get(host);
    if (policy === undefined) {
      policy = policyText(liveOrigin(request));
      if (policies.size >= 1_000) policies.clear();
      policies.set(host, policy);
    }
    return policy;
  };
  app.addHook('onRequest', (request, reply, done) => {
    // request.protocol honours X-Forwarded-Proto only when TRUST_PROXY is set.
    if (request.protocol === 'https') reply.raw.setHeader('strict-transport-security', HSTS);
    if (request.url.startsWith(API_PREFIX)) {
      for (const [name, value] of API_HEADERS) reply.raw.setHeader(name, value);
      return done();
    }
    reply.raw.setHeader('content-security-policy', policyFor(request.raw));
    protect(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}

export default fp(securityHeaders, { name: 'security-headers' });
