/**
 * The prelude's base, evaluated once per QuickJS context inside `(function (host) { … })`: the per-call state,
 * errors, variable scopes (values live in the host's maps, reached through `host`), console capture, timers,
 * base64 and crypto.getRandomValues. `host` holds the host functions (strings and numbers in and out); the
 * prelude keeps it in its closure and scripts never see it.
 */
export const CORE = String.raw`
var G = globalThis;
var geval = G.eval;
var parseJson = JSON.parse;
var stringifyJson = JSON.stringify;
var hasOwn = function (o, k) { return Object.prototype.hasOwnProperty.call(o, k); };
var state = null;

class UnsupportedApiError extends Error {
  constructor(api, hint) {
    super('不支持的脚本接口：' + api + (hint ? '（' + hint + '）' : ''));
    this.name = 'UnsupportedApiError';
  }
}
function unsupportedError(api, hint) {
  var error = new UnsupportedApiError(api, hint);
  if (state && !state.unsupported) state.unsupported = error.message;
  return error;
}
function unsupported(api, hint) {
  return function () { throw unsupportedError(api, hint); };
}
// Known objects answer an unknown member with an "unsupported" error naming it, so a report tells a missing API
// apart from a failing test. Symbols and what inspection tools probe pass through.
var PASS = { then: 1, toJSON: 1, inspect: 1, constructor: 1, toString: 1, valueOf: 1, __proto__: 1, asymmetricMatch: 1, nodeType: 1, length: 1 };
function strict(target, label) {
  return new Proxy(target, {
    get: function (t, key, receiver) {
      if (typeof key === 'symbol' || key in t || hasOwn(PASS, key) || key.charAt(0) === '_') return Reflect.get(t, key, receiver);
      throw unsupportedError(label + '.' + key);
    },
  });
}

// Globals of Postman's own sandbox that this one does not have: left undefined (libraries test for them), and a
// script stopped by one is told it is unsupported rather than a plain ReferenceError.
var POSTMAN_ONLY = {
  Buffer: '请用 btoa/atob 或 CryptoJS.enc',
  URL: "请用 require('postman-collection').Url",
  URLSearchParams: "请用 require('postman-collection').QueryParam",
  TextEncoder: '请用 CryptoJS.enc.Utf8',
  TextDecoder: '请用 CryptoJS.enc.Utf8',
  xml2Json: '',
  tv4: '请用用例的「响应符合文档结构」断言',
  cheerio: '',
  structuredClone: '请用 JSON.parse(JSON.stringify(…))',
  fetch: '请用 pm.sendRequest',
  XMLHttpRequest: '请用 pm.sendRequest',
};
function describeError(e) {
  var missing = e instanceof ReferenceError && /^'([^']+)' is not defined$/.exec(e.message);
  if (missing && hasOwn(POSTMAN_ONLY, missing[1])) {
    var u = unsupportedError(missing[1], POSTMAN_ONLY[missing[1]]);
    return { name: u.name, message: u.message, stack: String(e.stack || '') };
  }
  if (e instanceof Error || (e && typeof e === 'object' && 'message' in e)) {
    var d = { name: String(e.name || 'Error'), message: String(e.message), stack: String(e.stack || '') };
    if (e.name === 'AssertionError' && e.showDiff !== false) {
      if ('expected' in e) d.expected = show(e.expected);
      if ('actual' in e) d.actual = show(e.actual);
    }
    return d;
  }
  return { name: 'Error', message: String(e), stack: '' };
}
function recordError(e) {
  if (state && !state.error) state.error = describeError(e);
}
function callSafely(fn, self, args) {
  try { return fn.apply(self, args); } catch (e) { recordError(e); }
}

// ---- values shown as text (console, assertion values)
function show(value, depth) {
  if (typeof value === 'string') return value;
  if (value === undefined || value === null || typeof value !== 'object' && typeof value !== 'function') return String(value);
  if (typeof value === 'function') return '[Function' + (value.name ? ': ' + value.name : ' (anonymous)') + ']';
  if (value instanceof Error) return value.stack ? value.name + ': ' + value.message + '\n' + value.stack : String(value);
  var seen = [];
  try {
    return stringifyJson(value, function (key, v) {
      if (typeof v === 'function') return '[Function' + (v.name ? ': ' + v.name : '') + ']';
      if (typeof v === 'bigint') return String(v) + 'n';
      if (v === undefined) return '[undefined]';
      if (v && typeof v === 'object') {
        if (seen.indexOf(v) >= 0) return '[Circular]';
        seen.push(v);
      }
      return v;
    });
  } catch (e) {
    return Object.prototype.toString.call(value);
  }
}

// ---- variables: strings in the host's maps; a value set here keeps its type while the host holds it unchanged
var typed = new Map();
function stored(value) {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  if (value !== null && typeof value === 'object') {
    try { return stringifyJson(value); } catch (e) { return String(value); }
  }
  return String(value);
}
function getVar(scope, name) {
  var text = host.get(scope, name);
  if (text === undefined) return undefined;
  var t = typed.get(scope + '\u0000' + name);
  return t && t.text === text ? t.value : text;
}
function setVar(scope, name, value) {
  var text = stored(value);
  host.set(scope, name, text);
  if (typeof value === 'string') typed.delete(scope + '\u0000' + name);
  else typed.set(scope + '\u0000' + name, { text: text, value: value });
}
function scopeObject(scope) {
  var all = parseJson(host.all(scope));
  for (var name in all) all[name] = getVar(scope, name);
  return all;
}
function scopeApi(scope, label, readOnly) {
  var api = {
    get: function (name) { return getVar(scope, String(name)); },
    has: function (name) { return host.get(scope, String(name)) !== undefined; },
    toObject: function () { return scopeObject(scope); },
    toJSON: function () { return scopeObject(scope); },
    replaceIn: function (text) { return host.replace(stored(text), '', scope); },
  };
  if (readOnly) {
    api.set = unsupported(label + '.set', '迭代数据只读');
    api.unset = unsupported(label + '.unset', '迭代数据只读');
    api.clear = unsupported(label + '.clear', '迭代数据只读');
  } else {
    api.set = function (name, value) { setVar(scope, String(name), value); };
    api.unset = function (name) { host.unset(scope, String(name)); };
    api.clear = function () { host.clear(scope); };
  }
  return strict(api, label);
}

// ---- console: the host keeps what fits in the limit and says how much room is left
function formatArgs(args) {
  var first = args[0];
  var rest = Array.prototype.slice.call(args, 1);
  var out = '';
  if (typeof first === 'string' && first.indexOf('%') >= 0 && /%[sdifjoOc%]/.test(first)) {
    out = first.replace(/%([sdifjoOc%])/g, function (whole, f) {
      if (f === '%') return '%';
      if (!rest.length) return whole;
      var v = rest.shift();
      if (f === 's') return typeof v === 'string' ? v : show(v);
      if (f === 'd' || f === 'i') return String(f === 'i' ? parseInt(v, 10) : Number(v));
      if (f === 'f') return String(parseFloat(v));
      if (f === 'c') return '';
      return show(v);
    });
  } else if (args.length) {
    out = show(first);
  }
  for (var i = 0; i < rest.length; i++) out += ' ' + show(rest[i]);
  return out;
}
function emit(level, text) {
  if (!state || state.room <= 0) return;
  state.room = host.log(level, text.length > state.room ? text.slice(0, state.room + 1) : text);
}
var timersStarted = {};
var consoleApi = {};
['log', 'info', 'warn', 'error', 'debug'].forEach(function (level) {
  consoleApi[level] = function () {
    // Past the limit nothing is kept: not even formatted.
    if (state && state.room > 0) emit(level, formatArgs(arguments));
  };
});
consoleApi.trace = function () { emit('debug', formatArgs(arguments)); };
consoleApi.dir = function (v) { emit('log', show(v)); };
consoleApi.table = function (v) { emit('log', show(v)); };
consoleApi.assert = function (ok) {
  if (!ok) emit('error', 'Assertion failed' + (arguments.length > 1 ? ': ' + formatArgs(Array.prototype.slice.call(arguments, 1)) : ''));
};
consoleApi.time = function (label) { timersStarted[label === undefined ? 'default' : label] = Date.now(); };
consoleApi.timeEnd = function (label) {
  var key = label === undefined ? 'default' : String(label);
  if (hasOwn(timersStarted, key)) emit('log', key + ': ' + (Date.now() - timersStarted[key]) + 'ms');
  delete timersStarted[key];
};
consoleApi.clear = function () {};
G.console = consoleApi;

// ---- timers: the host arms them and, when one fires, calls deliver('timer', id)
var timers = new Map();
var nextTimer = 1;
function addTimer(fn, ms, args, repeat) {
  if (typeof fn !== 'function') throw new TypeError('定时器需要一个函数');
  var id = nextTimer++;
  timers.set(id, { fn: fn, args: args, repeat: repeat });
  host.timer(id, Math.max(0, Number(ms) || 0), repeat ? 1 : 0);
  return id;
}
G.setTimeout = function (fn, ms) { return addTimer(fn, ms, Array.prototype.slice.call(arguments, 2), false); };
G.setInterval = function (fn, ms) { return addTimer(fn, ms, Array.prototype.slice.call(arguments, 2), true); };
G.setImmediate = function (fn) { return addTimer(fn, 0, Array.prototype.slice.call(arguments, 1), false); };
G.clearTimeout = G.clearInterval = G.clearImmediate = function (id) {
  if (timers.delete(Number(id))) host.clearTimer(Number(id));
};

// ---- base64 (latin1, as browsers) and crypto.getRandomValues
var B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
G.btoa = function (input) {
  var s = String(input);
  var out = '';
  for (var i = 0; i < s.length; i += 3) {
    var a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2);
    if (a > 255 || b > 255 || c > 255) throw new Error('btoa：字符串含有 Latin1 范围之外的字符');
    var n = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += B64[(n >> 18) & 63] + B64[(n >> 12) & 63] + (i + 1 < s.length ? B64[(n >> 6) & 63] : '=') + (i + 2 < s.length ? B64[n & 63] : '=');
  }
  return out;
};
G.atob = function (input) {
  var s = String(input).replace(/[\t\n\f\r ]/g, '').replace(/=+$/, '');
  if (/[^A-Za-z0-9+/]/.test(s) || s.length % 4 === 1) throw new Error('atob：不是合法的 base64 文本');
  var out = '';
  for (var i = 0; i < s.length; i += 4) {
    var n = 0;
    for (var j = 0; j < 4; j++) n = (n << 6) | (i + j < s.length ? B64.indexOf(s[i + j]) : 0);
    out += String.fromCharCode((n >> 16) & 255);
    if (i + 2 < s.length) out += String.fromCharCode((n >> 8) & 255);
    if (i + 3 < s.length) out += String.fromCharCode(n & 255);
  }
  return out;
};
G.crypto = {
  getRandomValues: function (array) {
    if (!ArrayBuffer.isView(array)) throw new TypeError('getRandomValues 需要一个整数类型数组');
    if (array.byteLength > 65536) throw new RangeError('getRandomValues 一次最多 65536 字节');
    var hex = host.random(array.byteLength);
    var bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (var i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.substr(i * 2, 2), 16);
    return array;
  },
  randomUUID: function () {
    var h = host.random(16).split('');
    h[12] = '4';
    h[16] = '89ab'[parseInt(h[16], 16) & 3];
    var s = h.join('');
    return s.slice(0, 8) + '-' + s.slice(8, 12) + '-' + s.slice(12, 16) + '-' + s.slice(16, 20) + '-' + s.slice(20);
  },
};
`;
