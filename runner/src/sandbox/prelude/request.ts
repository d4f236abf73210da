/**
 * pm.request (a request a pre-request script may change: url, method, headers, body) and what goes back to the
 * host; pm.sendRequest's request shapes (a URL, or Postman's request object) turned into what the host sends.
 */
export const REQUEST = String.raw`
function RequestBody(options) {
  if (!(this instanceof RequestBody)) return new RequestBody(options);
  this.update(options || { mode: 'none' });
}
RequestBody.prototype.update = function (options) {
  if (typeof options === 'string') options = { mode: 'raw', raw: options };
  this.mode = options.mode || 'raw';
  this.raw = options.raw === undefined ? undefined : typeof options.raw === 'string' ? options.raw : stored(options.raw);
  this.urlencoded = new PropertyList(QueryParam, options.urlencoded || []);
  this.formdata = new PropertyList(KeyValue, options.formdata || []);
  this.graphql = options.graphql;
  this.options = options.options;
  this.disabled = options.disabled;
};
RequestBody.prototype.isEmpty = function () {
  if (this.mode === 'raw') return !this.raw;
  if (this.mode === 'urlencoded') return !this.urlencoded.count();
  if (this.mode === 'formdata') return !this.formdata.count();
  if (this.mode === 'graphql') return !this.graphql;
  return true;
};
RequestBody.prototype.toString = function () {
  if (this.mode === 'raw') return this.raw === undefined ? '' : String(this.raw);
  if (this.mode === 'urlencoded') return encodeForm(this.urlencoded.all());
  if (this.mode === 'graphql') return stringifyJson(this.graphql || {});
  return '';
};
RequestBody.prototype.toJSON = function () {
  var out = { mode: this.mode };
  if (this.mode === 'raw') out.raw = this.raw;
  if (this.mode === 'urlencoded') out.urlencoded = this.urlencoded.toJSON();
  if (this.mode === 'formdata') out.formdata = this.formdata.toJSON();
  if (this.mode === 'graphql') out.graphql = this.graphql;
  return out;
};

function encodeForm(items) {
  return items.filter(function (i) { return !i.disabled; }).map(function (i) {
    return encodeURIComponent(i.key) + '=' + encodeURIComponent(i.value === undefined || i.value === null ? '' : String(i.value));
  }).join('&');
}

function bodyFrom(spec) {
  if (!spec || spec.mode === 'none') return new RequestBody({ mode: 'none' });
  var fields = (spec.fields || []).map(function (f) { return { key: f.key, value: f.value }; });
  if (spec.mode === 'urlencoded') return new RequestBody({ mode: 'urlencoded', urlencoded: fields });
  if (spec.mode === 'formdata') return new RequestBody({ mode: 'formdata', formdata: fields });
  return new RequestBody({ mode: 'raw', raw: spec.raw === undefined ? '' : spec.raw });
}

function bodyOut(body) {
  if (!body || typeof body !== 'object') return body === undefined || body === null ? undefined : { mode: 'raw', raw: String(body) };
  var mode = body.mode;
  var items = function (list) {
    var all = list && typeof list.all === 'function' ? list.all() : [].concat(list || []);
    return all.filter(function (i) { return i && !i.disabled; }).map(function (i) { return { key: String(i.key), value: stored(i.value) }; });
  };
  if (mode === 'urlencoded') return { mode: 'urlencoded', fields: items(body.urlencoded) };
  if (mode === 'formdata') return { mode: 'formdata', fields: items(body.formdata) };
  if (mode === 'graphql') return { mode: 'raw', raw: stringifyJson(body.graphql || {}) };
  if (mode === 'none' || mode === undefined && body.raw === undefined) return { mode: 'none' };
  return { mode: 'raw', raw: body.raw === undefined || body.raw === null ? '' : typeof body.raw === 'string' ? body.raw : stored(body.raw) };
}

function makeRequest(spec) {
  var url = new Url(spec.url);
  var req = {
    id: spec.id,
    name: spec.name,
    method: spec.method,
    headers: pairsToHeaders(spec.headers),
    body: bodyFrom(spec.body),
    auth: undefined,
    addHeader: function (h) { req.headers.add(h); },
    removeHeader: function (h) { req.headers.remove(typeof h === 'object' && h ? h.key : h); },
    upsertHeader: function (h) { req.headers.upsert(h); },
    getHeaders: function (options) {
      var o = options || {};
      var out = {};
      req.headers.each(function (h) {
        if (o.enabled && h.disabled) return;
        var key = o.ignoreCase ? h.key.toLowerCase() : h.key;
        out[key] = hasOwn(out, key) && o.multiValue ? [].concat(out[key], h.value) : h.value;
      });
      return out;
    },
    forEachHeader: function (fn, context) { req.headers.each(fn, context); },
    addQueryParams: function (p) { url.addQueryParams(p); },
    removeQueryParams: function (p) { url.removeQueryParams(p); },
    toJSON: function () {
      return { name: req.name, method: req.method, url: url.toJSON(), header: req.headers.toJSON(), body: req.body && req.body.toJSON ? req.body.toJSON() : req.body };
    },
  };
  Object.defineProperty(req, 'url', {
    enumerable: true,
    get: function () { return url; },
    set: function (value) { url = value instanceof Url ? value : new Url(typeof value === 'object' && value ? value : String(value)); },
  });
  var initialUrl = url.toString();
  var initialBody = stringifyJson(bodyOut(req.body));
  var out = function () {
    var text = url.toString();
    var headers = [];
    req.headers.each(function (h) { if (!h.disabled) headers.push([String(h.key), stored(h.value)]); });
    var result = { method: String(req.method || 'GET').toUpperCase(), url: text === initialUrl ? spec.url : text, headers: headers, name: spec.name };
    var body = bodyOut(req.body);
    if (stringifyJson(body) !== initialBody) result.body = body;
    else if (spec.body) result.body = spec.body;
    return result;
  };
  return { request: req, out: out };
}

// pm.sendRequest: a URL, or { url, method, header, body: { mode, raw | urlencoded | formdata | graphql } }.
function sendSpec(input) {
  if (typeof input === 'string' || input instanceof Url) return { method: 'GET', url: String(input), headers: [] };
  if (!input || typeof input !== 'object') throw new TypeError('pm.sendRequest 需要一个 URL 或请求对象');
  var headers = headerList([]);
  var given = input.header === undefined ? input.headers : input.header;
  if (given) headers.populate(typeof given === 'string' ? Header.parse(given) : given);
  var has = function (name) { return headers.has(name); };
  var body = input.body;
  var text;
  if (typeof body === 'string') text = body;
  else if (body && typeof body === 'object') {
    var mode = body.mode || 'raw';
    if (mode === 'raw') text = body.raw === undefined || body.raw === null ? '' : typeof body.raw === 'string' ? body.raw : stored(body.raw);
    else if (mode === 'urlencoded') {
      text = encodeForm(new PropertyList(QueryParam, body.urlencoded || []).all());
      if (!has('content-type')) headers.add({ key: 'Content-Type', value: 'application/x-www-form-urlencoded' });
    } else if (mode === 'formdata') {
      var boundary = '----pmbok' + host.random(8);
      text = new PropertyList(KeyValue, body.formdata || []).filter(function (f) { return !f.disabled; }).map(function (f) {
        if (f.type === 'file' || f.src !== undefined) throw unsupportedError('pm.sendRequest 的文件表单字段');
        return '--' + boundary + '\r\nContent-Disposition: form-data; name="' + String(f.key).replace(/"/g, '%22') + '"\r\n\r\n' + stored(f.value) + '\r\n';
      }).join('') + '--' + boundary + '--\r\n';
      if (!has('content-type')) headers.add({ key: 'Content-Type', value: 'multipart/form-data; boundary=' + boundary });
    } else if (mode === 'graphql') {
      var g = body.graphql || {};
      var variables = typeof g.variables === 'string' && g.variables ? parseJson(g.variables) : g.variables;
      text = stringifyJson({ query: g.query, variables: variables });
      if (!has('content-type')) headers.add({ key: 'Content-Type', value: 'application/json' });
    } else if (mode === 'file') throw unsupportedError('pm.sendRequest 的文件请求体');
    else throw new TypeError('pm.sendRequest：不认识的 body.mode「' + mode + '」');
  }
  var out = { method: String(input.method || 'GET').toUpperCase(), url: String(input.url === undefined ? '' : input.url), headers: [] };
  headers.each(function (h) { if (!h.disabled) out.headers.push([String(h.key), stored(h.value)]); });
  if (text !== undefined) out.body = text;
  return out;
}
`;
