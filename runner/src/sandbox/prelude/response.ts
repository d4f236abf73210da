/**
 * pm.response (and pm.sendRequest's answers), and the assertions Postman adds to chai for responses:
 * `pm.response.to.have.status(200)`, `.to.be.ok`, `.to.have.header(…)`, `.to.have.jsonBody(…)` …
 */
export const RESPONSE = String.raw`
var responses = new WeakSet();

function jsonError(e) {
  var error = new SyntaxError('响应体不是合法的 JSON：' + e.message);
  error.name = 'JSONError';
  return error;
}

// r: { code, status, headers: [name, value][], body, responseTime, responseSize }
function makeResponse(r) {
  var body = r.body;
  var headers = pairsToHeaders(r.headers);
  var res = {
    code: r.code,
    status: r.status,
    headers: headers,
    responseTime: r.responseTime,
    responseSize: r.responseSize,
    cookies: cookieList(r.headers),
    text: function () { return body; },
    json: function (reviver) {
      try { return parseJson(body, reviver); } catch (e) { throw jsonError(e); }
    },
    reason: function () { return r.status; },
    size: function () {
      var header = r.headers.reduce(function (n, h) { return n + h[0].length + h[1].length + 4; }, 0);
      return { body: r.responseSize, header: header, total: r.responseSize + header };
    },
    contentInfo: function () {
      var type = headers.get('content-type') || '';
      return { contentType: type, mimeType: type.split(';')[0].trim() };
    },
    toJSON: function () {
      return { code: r.code, status: r.status, header: headers.toJSON(), body: body, responseTime: r.responseTime, responseSize: r.responseSize };
    },
  };
  Object.defineProperty(res, 'to', { get: function () { return chai().expect(res).to; } });
  Object.defineProperty(res, 'stream', { get: unsupported('pm.response.stream', '请用 pm.response.text() 或 pm.response.json()') });
  res.dataURI = unsupported('pm.response.dataURI');
  responses.add(res);
  return res;
}

function jsonPath(value, path) {
  var parts = String(path).replace(/\[(\d+)\]/g, '.$1').split('.').filter(function (p) { return p !== ''; });
  var current = value;
  for (var i = 0; i < parts.length; i++) {
    if (current === null || typeof current !== 'object' || !hasOwn(current, parts[i])) return { found: false };
    current = current[parts[i]];
  }
  return { found: true, value: current };
}

function installResponseAssertions(lib) {
  var A = lib.Assertion;
  var eql = lib.util.eql;
  var response = function (assertion) {
    var obj = assertion._obj;
    if (!responses.has(obj)) throw new TypeError('这个断言只能用于响应（pm.response）');
    return obj;
  };
  var parsed = function (res) {
    try { return { ok: true, value: parseJson(res.text()) }; } catch (e) { return { ok: false, error: e.message }; }
  };
  A.addMethod('status', function (expected) {
    var res = response(this);
    if (typeof expected === 'number') {
      this.assert(res.code === expected, 'expected response to have status code #{exp} but got #{act}', 'expected response to not have status code #{act}', expected, res.code);
    } else {
      this.assert(res.status === String(expected), 'expected response to have status reason #{exp} but got #{act}', 'expected response to not have status reason #{act}', expected, res.status);
    }
  });
  A.addMethod('header', function (key, value) {
    var res = response(this);
    if (arguments.length < 2) {
      this.assert(res.headers.has(key), "expected response to have header with key '" + key + "'", "expected response to not have header with key '" + key + "'", true, res.headers.has(key));
    } else {
      var actual = res.headers.get(key);
      this.assert(actual === String(value), "expected '" + key + "' response header to be #{exp} but got #{act}", "expected '" + key + "' response header to not be #{act}", String(value), actual);
    }
  });
  A.addMethod('body', function (expected) {
    var res = response(this);
    var text = res.text();
    if (arguments.length === 0) {
      this.assert(text.length > 0, 'expected response to have content in body', 'expected response to not have content in body');
    } else if (expected instanceof RegExp) {
      this.assert(expected.test(text), 'expected response body text to match #{exp} but got #{act}', 'expected response body text #{act} to not match #{exp}', expected, text);
    } else if (typeof expected === 'string') {
      this.assert(text === expected, 'expected response body to equal #{exp} but got #{act}', 'expected response body to not equal #{exp}', expected, text, true);
    } else {
      var json = parsed(res);
      this.assert(json.ok && eql(json.value, expected), 'expected response body json to equal #{exp} but got #{act}', 'expected response body json to not equal #{exp}', expected, json.value, true);
    }
  });
  A.addMethod('jsonBody', function (path, value) {
    var res = response(this);
    var json = parsed(res);
    if (arguments.length === 0) {
      this.assert(json.ok, 'expected response body to be a valid json but got error #{act}', 'expected response body not to be a valid json', undefined, json.error);
    } else if (typeof path === 'string') {
      var got = json.ok ? jsonPath(json.value, path) : { found: false };
      if (arguments.length === 1) {
        this.assert(got.found, "expected response body json to have path '" + path + "'", "expected response body json to not have path '" + path + "'");
      } else {
        this.assert(got.found && eql(got.value, value), "expected response body json at '" + path + "' to contain #{exp} but got #{act}", "expected response body json at '" + path + "' to not contain #{exp}", value, got.value, true);
      }
    } else {
      this.assert(json.ok && eql(json.value, path), 'expected response body json to equal #{exp} but got #{act}', 'expected response body json to not equal #{exp}', path, json.value, true);
    }
  });
  A.addMethod('jsonSchema', unsupported('pm.response.to.have.jsonSchema', '请用用例的「响应符合文档结构」断言'));
  var statusClasses = {
    success: [200, 299], info: [100, 199], redirection: [300, 399], clientError: [400, 499], serverError: [500, 599],
    error: [400, 599], accepted: [202, 202], badRequest: [400, 400], unauthorized: [401, 401], forbidden: [403, 403],
    notFound: [404, 404], notAcceptable: [406, 406], rateLimited: [429, 429],
  };
  Object.keys(statusClasses).forEach(function (name) {
    var range = statusClasses[name];
    A.addProperty(name, function () {
      var res = response(this);
      var expected = range[0] === range[1] ? String(range[0]) : range[0] + '–' + range[1];
      this.assert(res.code >= range[0] && res.code <= range[1], 'expected response code to be ' + expected + ' but found ' + res.code, 'expected response code to not be ' + expected + ' but found ' + res.code);
    });
  });
  A.overwriteProperty('ok', function (base) {
    return function () {
      if (!responses.has(this._obj)) return base.call(this);
      var code = this._obj.code;
      this.assert(code >= 200 && code <= 299, 'expected response code to be 2XX but found ' + code, 'expected response code to not be 2XX but found ' + code);
    };
  });
  A.addProperty('withBody', function () {
    var res = response(this);
    this.assert(res.text().length > 0, 'expected response to have content in body', 'expected response to not have content in body');
  });
  [['json', /json/i], ['html', /html/i], ['xml', /xml/i]].forEach(function (pair) {
    A.addProperty(pair[0], function () {
      var res = response(this);
      var type = res.headers.get('content-type') || '';
      var ok = pair[1].test(type) && (pair[0] !== 'json' || parsed(res).ok);
      this.assert(ok, 'expected response to be ' + pair[0] + ' but got ' + (type || 'no content type'), 'expected response to not be ' + pair[0]);
    });
  });
}
`;
