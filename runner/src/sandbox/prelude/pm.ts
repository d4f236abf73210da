/**
 * The per-call part: `pm` and the legacy globals built from what the host hands in, pm.test, pm.sendRequest,
 * and the three entry points the host calls: exec (run the compiled script), deliver (a timer fired, an answer
 * came) and finish (the outcome as JSON).
 */
export const PM = `
var MAX_TESTS = 10000;
var environmentApi = scopeApi('environment', 'pm.environment');
var globalsApi = scopeApi('globals', 'pm.globals');
var collectionApi = scopeApi('collection', 'pm.collectionVariables');
var dataApi = scopeApi('data', 'pm.iterationData', true);
var variablesApi = strict({
  get: function (name) {
    var scope = host.find(String(name));
    return scope ? getVar(scope, String(name)) : undefined;
  },
  set: function (name, value) { setVar('local', String(name), value); },
  has: function (name) { return host.find(String(name)) !== ''; },
  unset: function (name) { host.unset('local', String(name)); },
  clear: function () { host.clear('local'); },
  toObject: function () {
    var out = {};
    ['globals', 'collection', 'environment', 'data', 'local'].forEach(function (s) { Object.assign(out, scopeObject(s)); });
    return out;
  },
  replaceIn: function (text) { return host.replace(stored(text), '', ''); },
}, 'pm.variables');

function messageOf(e) {
  var d = describeError(e);
  return { message: d.name === 'AssertionError' ? d.message : d.name + ': ' + d.message, expected: d.expected, actual: d.actual };
}
function test(name, fn) {
  if (typeof fn !== 'function') {
    emit('info', '已跳过测试：' + String(name));
    return G.pm;
  }
  var rec = { name: String(name), passed: true, done: true };
  if (state.tests.length < MAX_TESTS) state.tests.push(rec);
  var fail = function (e) {
    var m = messageOf(e);
    rec.passed = false;
    rec.message = m.message;
    if (m.expected !== undefined) rec.expected = m.expected;
    if (m.actual !== undefined) rec.actual = m.actual;
  };
  var settle = function (error) {
    if (rec.done) return;
    rec.done = true;
    if (error !== undefined && error !== null) fail(error);
  };
  try {
    if (fn.length > 0) {
      rec.done = false;
      fn.call(undefined, settle);
    } else {
      var result = fn.call(undefined);
      if (result && typeof result.then === 'function') {
        rec.done = false;
        result.then(function () { settle(); }, function (e) { settle(e === undefined ? new Error('Promise 被拒绝') : e); });
      }
    }
  } catch (e) {
    rec.done = true;
    fail(e);
  }
  return G.pm;
}
test.skip = function (name) {
  emit('info', '已跳过测试：' + String(name));
  return G.pm;
};
test.index = function () { return state.tests.length; };

function sendRequest(input, callback) {
  var spec = sendSpec(input);
  var id = state.nextRequest++;
  var entry = { callback: typeof callback === 'function' ? callback : null };
  var promise;
  if (!entry.callback) promise = new Promise(function (resolve, reject) { entry.resolve = resolve; entry.reject = reject; });
  state.requests.set(id, entry);
  host.send(id, stringifyJson(spec));
  return promise;
}

// Each part of pm and of the legacy globals is made at its first use in a call: most scripts read only a few.
function part(name, make) {
  if (!hasOwn(state.made, name)) state.made[name] = make();
  return state.made[name];
}
function currentRequest() {
  return part('request', function () {
    var made = makeRequest(state.meta.request);
    state.requestOut = made.out;
    return made.request;
  });
}
function currentResponse() {
  var r = state.meta.response;
  if (!r) return undefined;
  return part('response', function () {
    return makeResponse({ code: r.code, status: r.status, headers: r.headers, body: state.body, responseTime: r.responseTime, responseSize: r.responseSize });
  });
}
function setNext(name) { state.next = name === null || name === undefined ? null : String(name); }

var executionApi = strict(Object.defineProperties({
  skipRequest: function () { if (state.phase === 'pre') state.skip = true; },
  setNextRequest: setNext,
}, {
  location: { enumerable: true, get: function () { var name = state.meta.info.requestName; return Object.assign([name], { current: name }); } },
}), 'pm.execution');
var visualizerApi = strict({ set: unsupported('pm.visualizer.set'), clear: unsupported('pm.visualizer.clear') }, 'pm.visualizer');
var vaultApi = strict({ get: unsupported('pm.vault.get'), set: unsupported('pm.vault.set'), unset: unsupported('pm.vault.unset') }, 'pm.vault');

// What every call's pm shares; a call's own pm inherits it, so what a script assigns to pm stays with that call.
var pmShared = Object.defineProperties({
  test: test,
  environment: environmentApi,
  globals: globalsApi,
  collectionVariables: collectionApi,
  iterationData: dataApi,
  variables: variablesApi,
  sendRequest: sendRequest,
  execution: executionApi,
  visualizer: visualizerApi,
  vault: vaultApi,
  require: unsupported('pm.require', '不支持 Postman 的包库；' + AVAILABLE),
}, {
  request: { enumerable: true, get: currentRequest },
  response: { enumerable: true, get: currentResponse },
  cookies: { enumerable: true, get: function () { return part('cookies', function () { return cookieList(state.meta.response ? state.meta.response.headers : []); }); } },
  expect: { enumerable: true, get: function () { return chai().expect; } },
  info: {
    enumerable: true,
    get: function () {
      return part('info', function () {
        var info = state.meta.info;
        return { eventName: state.phase === 'pre' ? 'prerequest' : 'test', iteration: info.iteration, iterationCount: info.iterationCount, requestName: info.requestName, requestId: info.requestId };
      });
    },
  },
});

var postmanApi = strict({
  setEnvironmentVariable: function (k, v) { setVar('environment', String(k), v); },
  getEnvironmentVariable: function (k) { return getVar('environment', String(k)); },
  clearEnvironmentVariable: function (k) { host.unset('environment', String(k)); },
  clearEnvironmentVariables: function () { host.clear('environment'); },
  setGlobalVariable: function (k, v) { setVar('globals', String(k), v); },
  getGlobalVariable: function (k) { return getVar('globals', String(k)); },
  clearGlobalVariable: function (k) { host.unset('globals', String(k)); },
  clearGlobalVariables: function () { host.clear('globals'); },
  setNextRequest: setNext,
  getResponseHeader: function (name) { var r = currentResponse(); return r ? r.headers.get(name) : undefined; },
  getResponseCookie: function (name) { var r = currentResponse(); return r ? r.cookies.one(name) : undefined; },
}, 'postman');

function legacyData(body) {
  if (!body || body.mode === 'none') return {};
  if (body.mode === 'urlencoded' || body.mode === 'formdata') return body[body.mode].toObject(true);
  return body.toString();
}
function withResponse(make) {
  return function () { return state.meta.response ? make(currentResponse()) : undefined; };
}
// The legacy globals: defined once, read per call (a script's assignment lasts for its call).
var LEGACY = {
  pm: function () { return strict(Object.create(pmShared), 'pm'); },
  tests: function () { return {}; },
  postman: function () { return postmanApi; },
  iteration: function () { return state.meta.info.iteration; },
  environment: function () { return scopeObject('environment'); },
  globals: function () { return scopeObject('globals'); },
  data: function () { return scopeObject('data'); },
  request: function () {
    var request = currentRequest();
    var info = state.meta.info;
    return { id: info.requestId, name: info.requestName, url: request.url.toString(), method: request.method, headers: request.getHeaders(), data: legacyData(request.body) };
  },
  responseBody: withResponse(function () { return state.body; }),
  responseCode: withResponse(function (r) { return { code: r.code, name: r.status, detail: r.status }; }),
  responseTime: withResponse(function (r) { return r.responseTime; }),
  responseHeaders: withResponse(function (r) { return r.headers.toObject(false, true); }),
  responseCookies: withResponse(function (r) { return r.cookies.all(); }),
};
Object.keys(LEGACY).forEach(function (name) {
  Object.defineProperty(G, name, {
    configurable: false,
    enumerable: false,
    get: function () {
      if (!state) return undefined;
      if (!hasOwn(state.legacy, name)) state.legacy[name] = LEGACY[name]();
      return state.legacy[name];
    },
    set: function (value) { if (state) state.legacy[name] = value; },
  });
});

// The host's entry points.
function exec(fn, metaJson, body) {
  var meta = parseJson(metaJson);
  timers.clear();
  state = {
    phase: meta.phase, meta: meta, body: body, made: {}, legacy: {}, tests: [], error: null, unsupported: null,
    room: meta.room, skip: false, next: undefined, requests: new Map(), nextRequest: 1, requestOut: null,
  };
  try {
    var result = fn.call(G);
    if (result && typeof result.then === 'function') result.then(undefined, recordError);
  } catch (e) {
    recordError(e);
  }
}
function deliver(kind, id, payload) {
  if (kind === 'timer') {
    var timer = timers.get(id);
    if (!timer) return;
    if (!timer.repeat) timers.delete(id);
    callSafely(timer.fn, undefined, timer.args);
    return;
  }
  var entry = state.requests.get(id);
  if (!entry) return;
  state.requests.delete(id);
  var answer = parseJson(payload);
  var error = answer.error === undefined ? null : new Error(answer.error);
  var response = answer.response ? makeResponse(answer.response) : undefined;
  if (entry.callback) callSafely(entry.callback, undefined, [error, response, { cookies: response ? response.cookies : cookieList([]) }]);
  else if (error) entry.reject(error);
  else entry.resolve(response);
}
function finish() {
  var tests = state.tests.map(function (rec) {
    if (!rec.done) return { name: rec.name, passed: false, message: '测试没有结束：异步测试的 done 没有被调用，或它的 Promise 没有兑现' };
    var out = { name: rec.name, passed: rec.passed };
    if (rec.message !== undefined) out.message = rec.message;
    if (rec.expected !== undefined) out.expected = rec.expected;
    if (rec.actual !== undefined) out.actual = rec.actual;
    return out;
  });
  var legacy = state.legacy.tests;
  if (legacy && typeof legacy === 'object') {
    Object.keys(legacy).slice(0, MAX_TESTS).forEach(function (name) { tests.push({ name: name, passed: !!legacy[name] }); });
  }
  var out = { tests: tests, skip: state.skip, error: state.error, unsupported: state.unsupported };
  if (state.next !== undefined) out.next = state.next;
  if (state.phase === 'pre' && state.requestOut) {
    try { out.request = state.requestOut(); } catch (e) { if (!out.error) out.error = describeError(e); }
  }
  timers.clear();
  return stringifyJson(out);
}
`;
