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
    return pmObject;
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
  return pmObject;
}
test.skip = function (name) {
  emit('info', '已跳过测试：' + String(name));
  return pmObject;
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

var pmObject = null;
function buildPm(meta, request, response) {
  var info = meta.info;
  var target = {
    test: test,
    environment: environmentApi,
    globals: globalsApi,
    collectionVariables: collectionApi,
    iterationData: dataApi,
    variables: variablesApi,
    request: request,
    response: response,
    cookies: cookieList(response ? meta.response.headers : []),
    info: {
      eventName: meta.phase === 'pre' ? 'prerequest' : 'test',
      iteration: info.iteration,
      iterationCount: info.iterationCount,
      requestName: info.requestName,
      requestId: info.requestId,
    },
    sendRequest: sendRequest,
    execution: strict({
      skipRequest: function () { if (state.phase === 'pre') state.skip = true; },
      setNextRequest: function (name) { state.next = name === null || name === undefined ? null : String(name); },
      location: Object.assign([info.requestName], { current: info.requestName }),
    }, 'pm.execution'),
    visualizer: strict({ set: unsupported('pm.visualizer.set'), clear: unsupported('pm.visualizer.clear') }, 'pm.visualizer'),
    vault: strict({ get: unsupported('pm.vault.get'), set: unsupported('pm.vault.set'), unset: unsupported('pm.vault.unset') }, 'pm.vault'),
    require: unsupported('pm.require', '不支持 Postman 的包库；' + AVAILABLE),
  };
  Object.defineProperty(target, 'expect', { enumerable: true, get: function () { return chai().expect; } });
  return strict(target, 'pm');
}

function legacyData(body) {
  if (!body || body.mode === 'none') return {};
  if (body.mode === 'urlencoded' || body.mode === 'formdata') return body[body.mode].toObject(true);
  return body.toString();
}
var RESPONSE_GLOBALS = ['responseBody', 'responseCode', 'responseHeaders', 'responseTime', 'responseCookies'];
function setLegacy(meta, request, response, body) {
  G.tests = {};
  G.iteration = meta.info.iteration;
  lazyGlobal('environment', function () { return scopeObject('environment'); });
  lazyGlobal('globals', function () { return scopeObject('globals'); });
  lazyGlobal('data', function () { return scopeObject('data'); });
  lazyGlobal('request', function () {
    return {
      id: meta.info.requestId,
      name: meta.info.requestName,
      url: request.url.toString(),
      method: request.method,
      headers: request.getHeaders(),
      data: legacyData(request.body),
    };
  });
  G.postman = strict({
    setEnvironmentVariable: function (k, v) { setVar('environment', String(k), v); },
    getEnvironmentVariable: function (k) { return getVar('environment', String(k)); },
    clearEnvironmentVariable: function (k) { host.unset('environment', String(k)); },
    clearEnvironmentVariables: function () { host.clear('environment'); },
    setGlobalVariable: function (k, v) { setVar('globals', String(k), v); },
    getGlobalVariable: function (k) { return getVar('globals', String(k)); },
    clearGlobalVariable: function (k) { host.unset('globals', String(k)); },
    clearGlobalVariables: function () { host.clear('globals'); },
    setNextRequest: function (name) { state.next = name === null || name === undefined ? null : String(name); },
    getResponseHeader: function (name) { return response ? response.headers.get(name) : undefined; },
    getResponseCookie: function (name) { return response ? response.cookies.one(name) : undefined; },
  }, 'postman');
  if (!response) {
    RESPONSE_GLOBALS.forEach(function (name) { delete G[name]; });
    return;
  }
  G.responseBody = body;
  G.responseCode = { code: response.code, name: response.status, detail: response.status };
  G.responseTime = response.responseTime;
  lazyGlobal('responseHeaders', function () { return response.headers.toObject(false, true); });
  lazyGlobal('responseCookies', function () { return response.cookies.all(); });
}

// The host's entry points.
function exec(fn, metaJson, body) {
  var meta = parseJson(metaJson);
  timers.clear();
  state = {
    phase: meta.phase, tests: [], error: null, unsupported: null, room: meta.room, skip: false, next: undefined,
    requests: new Map(), nextRequest: 1, requestOut: null,
  };
  var response;
  if (meta.response) {
    var r = meta.response;
    response = makeResponse({ code: r.code, status: r.status, headers: r.headers, body: body, responseTime: r.responseTime, responseSize: r.responseSize });
  }
  var made = makeRequest(meta.request);
  state.requestOut = made.out;
  pmObject = buildPm(meta, made.request, response);
  G.pm = pmObject;
  setLegacy(meta, made.request, response, body);
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
  var legacy = G.tests;
  if (legacy && typeof legacy === 'object') {
    Object.keys(legacy).slice(0, MAX_TESTS).forEach(function (name) { tests.push({ name: name, passed: !!legacy[name] }); });
  }
  var out = { tests: tests, skip: state.skip, error: state.error, unsupported: state.unsupported };
  if (state.next !== undefined) out.next = state.next;
  if (state.phase === 'pre') {
    try { out.request = state.requestOut(); } catch (e) { if (!out.error) out.error = describeError(e); }
  }
  timers.clear();
  return stringifyJson(out);
}
`;
