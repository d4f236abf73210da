/**
 * postman-collection's shapes as scripts use them: PropertyList (headers, query, form fields, cookies), Header,
 * QueryParam, Url (parsed the way Postman does: host and path as segments, `{{variables}}` kept) and cookies.
 */
export const LISTS = String.raw`
function KeyValue(options) {
  if (!(this instanceof KeyValue)) return new KeyValue(options);
  options = options || {};
  this.key = options.key === undefined ? (options.name === undefined ? '' : String(options.name)) : String(options.key);
  this.value = options.value === undefined || options.value === null ? options.value : options.value;
  if (options.disabled) this.disabled = true;
  if (options.type) this.type = options.type;
  if (options.description) this.description = options.description;
}
KeyValue.prototype.toJSON = function () {
  var out = { key: this.key, value: this.value };
  if (this.disabled) out.disabled = true;
  if (this.type) out.type = this.type;
  return out;
};
KeyValue.prototype.valueOf = function () { return this.value; };
KeyValue.prototype.update = function (options) {
  if (options.key !== undefined) this.key = String(options.key);
  if (options.value !== undefined) this.value = options.value;
  if (options.disabled !== undefined) this.disabled = !!options.disabled;
};

function Header(options, name) {
  if (!(this instanceof Header)) return new Header(options, name);
  if (typeof options === 'string') options = name === undefined ? Header.parseSingle(options) : { key: name, value: options };
  KeyValue.call(this, options);
}
Header.prototype = Object.create(KeyValue.prototype);
Header.prototype.constructor = Header;
Header.prototype.toString = function () { return this.key + ': ' + this.value; };
Header.parseSingle = function (text) {
  var s = String(text);
  var i = s.indexOf(':');
  return i < 0 ? { key: s.trim(), value: '' } : { key: s.slice(0, i).trim(), value: s.slice(i + 1).trim() };
};
Header.parse = function (text) {
  return String(text).split(/\r?\n/).filter(function (l) { return l.trim(); }).map(Header.parseSingle);
};
Header.unparse = function (list, separator) {
  var items = list && typeof list.all === 'function' ? list.all() : list || [];
  return items.filter(function (h) { return !h.disabled; }).map(function (h) { return h.key + ': ' + h.value; }).join(separator || '\r\n');
};
Header.unparseSingle = function (h) { return h.key + ': ' + h.value; };
Header.create = function (value, name) { return new Header(value, name); };
Header.isHeader = function (o) { return o instanceof Header; };

function QueryParam(options) {
  if (!(this instanceof QueryParam)) return new QueryParam(options);
  if (typeof options === 'string') options = QueryParam.parseSingle(options);
  KeyValue.call(this, options);
}
QueryParam.prototype = Object.create(KeyValue.prototype);
QueryParam.prototype.constructor = QueryParam;
QueryParam.prototype.toString = function () {
  return this.value === null || this.value === undefined ? this.key : this.key + '=' + this.value;
};
QueryParam.parseSingle = function (text) {
  var i = text.indexOf('=');
  return i < 0 ? { key: text, value: null } : { key: text.slice(0, i), value: text.slice(i + 1) };
};
QueryParam.parse = function (text) {
  var s = String(text).replace(/^\?/, '');
  return s ? s.split('&').map(QueryParam.parseSingle) : [];
};
QueryParam.unparse = function (list) {
  var items = list && typeof list.all === 'function' ? list.all() : list || [];
  return items.filter(function (p) { return !p.disabled; }).map(function (p) { return QueryParam.prototype.toString.call(p); }).join('&');
};

function PropertyList(Type, items, options) {
  if (!(this instanceof PropertyList)) return new PropertyList(Type, items, options);
  this.Type = Type || KeyValue;
  this._items = [];
  this._caseInsensitive = !!(options && options.caseInsensitive);
  this._separator = (options && options.separator) || '\n';
  this.populate(items);
}
var PL = PropertyList.prototype;
PL._key = function (key) { var k = String(key); return this._caseInsensitive ? k.toLowerCase() : k; };
PL._make = function (item) {
  if (item instanceof this.Type) return item;
  if (typeof item === 'string' && this.Type.parseSingle) return new this.Type(this.Type.parseSingle(item));
  return new this.Type(item);
};
PL._match = function (item, key) { return this._key(item.key) === this._key(key); };
PL.populate = function (items) {
  if (!items) return;
  if (typeof items === 'string' && this.Type.parse) items = this.Type.parse(items);
  if (items && typeof items.all === 'function') items = items.all();
  if (!Array.isArray(items)) items = Object.keys(items).map(function (k) { return { key: k, value: items[k] }; });
  for (var i = 0; i < items.length; i++) this.add(items[i]);
};
PL.repopulate = function (items) { this.clear(); this.populate(items); };
PL.assimilate = function (items) { var self = this; new PropertyList(this.Type, items).each(function (i) { self.upsert(i); }); };
PL.add = PL.append = function (item) { if (item !== undefined && item !== null) this._items.push(this._make(item)); };
PL.prepend = function (item) { this._items.unshift(this._make(item)); };
PL.insert = function (item, before) {
  var i = before === undefined ? -1 : this.indexOf(before);
  if (i < 0) this.add(item); else this._items.splice(i, 0, this._make(item));
};
PL.insertAfter = function (item, after) {
  var i = after === undefined ? -1 : this.indexOf(after);
  if (i < 0) this.add(item); else this._items.splice(i + 1, 0, this._make(item));
};
PL.upsert = function (item) {
  var made = this._make(item);
  var found = this.one(made.key);
  if (found) { found.value = made.value; if (made.disabled !== undefined) found.disabled = made.disabled; return false; }
  this._items.push(made);
  return true;
};
PL.remove = function (predicate, context) {
  var self = this;
  var test = typeof predicate === 'function' ? predicate.bind(context)
    : predicate instanceof KeyValue ? function (i) { return i === predicate; }
    : function (i) { return self._match(i, predicate); };
  this._items = this._items.filter(function (i) { return !test(i); });
};
PL.clear = function () { this._items = []; };
PL.all = function () { return this._items.slice(); };
PL.count = function () { return this._items.length; };
PL.idx = function (i) { return this._items[i]; };
PL.indexOf = function (item) {
  if (typeof item === 'string') { for (var i = 0; i < this._items.length; i++) if (this._match(this._items[i], item)) return i; return -1; }
  return this._items.indexOf(item);
};
PL.one = function (key) {
  for (var i = this._items.length - 1; i >= 0; i--) if (this._match(this._items[i], key)) return this._items[i];
  return undefined;
};
PL.get = function (key) {
  for (var i = this._items.length - 1; i >= 0; i--) {
    var item = this._items[i];
    if (!item.disabled && this._match(item, key)) return item.value;
  }
  return undefined;
};
PL.has = function (key, value) {
  var k = key && typeof key === 'object' ? key.key : key;
  for (var i = 0; i < this._items.length; i++) {
    var item = this._items[i];
    if (this._match(item, k) && (arguments.length < 2 || item.value === value)) return true;
  }
  return false;
};
PL.each = function (fn, context) { this._items.slice().forEach(function (i) { fn.call(context, i); }); };
PL.filter = function (fn, context) { return this._items.filter(function (i) { return fn.call(context, i); }); };
PL.map = function (fn, context) { return this._items.map(function (i) { return fn.call(context, i); }); };
PL.find = function (fn, context) { return this._items.find(function (i) { return fn.call(context, i); }); };
PL.reduce = function (fn, acc, context) { return this._items.reduce(function (a, i) { return fn.call(context, a, i); }, acc); };
PL.toObject = function (excludeDisabled, caseSensitive, multiValue) {
  var out = {};
  var self = this;
  this._items.forEach(function (item) {
    if (excludeDisabled && item.disabled) return;
    var key = caseSensitive || !self._caseInsensitive ? item.key : item.key.toLowerCase();
    if (multiValue && hasOwn(out, key)) out[key] = [].concat(out[key], item.value);
    else out[key] = item.value;
  });
  return out;
};
PL.toJSON = function () { return this._items.map(function (i) { return typeof i.toJSON === 'function' ? i.toJSON() : i; }); };
PL.toString = function () {
  if (this.Type.unparse) return this.Type.unparse(this, this.Type === QueryParam ? undefined : this._separator);
  return this._items.map(String).join(this._separator);
};
PL.eachParent = function () {};
PropertyList.isPropertyList = function (o) { return o instanceof PropertyList; };

function headerList(items) { return new PropertyList(Header, items, { caseInsensitive: true }); }
function queryList(items) { return new PropertyList(QueryParam, items); }
function pairsToHeaders(pairs) {
  return headerList((pairs || []).map(function (p) { return { key: p[0], value: p[1] }; }));
}

function Url(options) {
  if (!(this instanceof Url)) return new Url(options);
  this.update(options);
}
Url.parse = function (text) {
  var raw = String(text).trim();
  var rest = raw;
  var out = { raw: raw, host: [], path: [], query: [] };
  var m = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//.exec(rest);
  if (m) { out.protocol = m[1]; rest = rest.slice(m[0].length); }
  var hashAt = rest.indexOf('#');
  if (hashAt >= 0) { out.hash = rest.slice(hashAt + 1); rest = rest.slice(0, hashAt); }
  var queryAt = rest.indexOf('?');
  if (queryAt >= 0) { out.query = QueryParam.parse(rest.slice(queryAt + 1)); rest = rest.slice(0, queryAt); }
  var slash = rest.indexOf('/');
  var authority = slash < 0 ? rest : rest.slice(0, slash);
  var path = slash < 0 ? '' : rest.slice(slash + 1);
  var at = authority.lastIndexOf('@');
  if (at >= 0) {
    var auth = authority.slice(0, at);
    var colon = auth.indexOf(':');
    out.auth = colon < 0 ? { user: auth } : { user: auth.slice(0, colon), password: auth.slice(colon + 1) };
    authority = authority.slice(at + 1);
  }
  var port = /:(\d+|\{\{[^{}]+\}\})$/.exec(authority);
  if (port) { out.port = port[1]; authority = authority.slice(0, port.index); }
  if (authority) out.host = authority.charAt(0) === '[' ? [authority] : authority.split('.');
  if (slash >= 0) out.path = path.split('/');
  return out;
};
Url.prototype.update = function (options) {
  var o = typeof options === 'string' || options === undefined || options === null ? Url.parse(options || '')
    : options instanceof Url ? Url.parse(options.toString()) : options;
  this.protocol = o.protocol;
  this.auth = o.auth;
  this.host = typeof o.host === 'string' ? o.host.split('.') : (o.host || []).slice();
  this.port = o.port;
  this.path = typeof o.path === 'string' ? o.path.replace(/^\//, '').split('/') : (o.path || []).slice();
  this.query = queryList(o.query || []);
  this.hash = o.hash;
  this.variables = new PropertyList(KeyValue, o.variable || []);
};
Url.prototype.getHost = function () { return this.host.join('.'); };
Url.prototype.getRemote = function (forcePort) {
  var port = this.port || (forcePort ? (this.protocol === 'https' ? '443' : '80') : '');
  return this.getHost() + (port ? ':' + port : '');
};
Url.prototype.getPath = function () { return '/' + this.path.join('/'); };
Url.prototype.getQueryString = function () { return QueryParam.unparse(this.query); };
Url.prototype.getPathWithQuery = function () {
  var q = this.getQueryString();
  return this.getPath() + (q ? '?' + q : '');
};
Url.prototype.getRaw = function () { return this.toString(); };
Url.prototype.addQueryParams = function (params) {
  var self = this;
  (typeof params === 'string' ? QueryParam.parse(params) : [].concat(params)).forEach(function (p) { self.query.add(p); });
};
Url.prototype.removeQueryParams = function (names) {
  var self = this;
  [].concat(names).forEach(function (n) { self.query.remove(typeof n === 'object' ? n.key : n); });
};
Url.prototype.toString = function (forceProtocol) {
  var s = '';
  if (this.protocol) s += this.protocol + '://';
  else if (forceProtocol) s += 'http://';
  if (this.auth && (this.auth.user || this.auth.password)) s += (this.auth.user || '') + (this.auth.password !== undefined ? ':' + this.auth.password : '') + '@';
  s += this.getHost();
  if (this.port) s += ':' + this.port;
  if (this.path.length) s += '/' + this.path.join('/');
  var q = this.getQueryString();
  if (q || this.query.count()) s += '?' + q;
  if (this.hash !== undefined) s += '#' + this.hash;
  return s;
};
Url.prototype.toJSON = function () {
  return { raw: this.toString(), protocol: this.protocol, host: this.host, port: this.port, path: this.path, query: this.query.toJSON(), hash: this.hash };
};
Url.isUrl = function (o) { return o instanceof Url; };

function parseCookie(text) {
  var parts = String(text).split(';');
  var first = parts.shift() || '';
  var eq = first.indexOf('=');
  var cookie = { name: (eq < 0 ? first : first.slice(0, eq)).trim(), value: eq < 0 ? '' : first.slice(eq + 1).trim() };
  parts.forEach(function (p) {
    var i = p.indexOf('=');
    var k = (i < 0 ? p : p.slice(0, i)).trim().toLowerCase();
    var v = i < 0 ? true : p.slice(i + 1).trim();
    if (k === 'domain') cookie.domain = v;
    else if (k === 'path') cookie.path = v;
    else if (k === 'expires') cookie.expires = v;
    else if (k === 'max-age') cookie.maxAge = Number(v);
    else if (k === 'httponly') cookie.httpOnly = true;
    else if (k === 'secure') cookie.secure = true;
    else if (k === 'samesite') cookie.sameSite = v;
  });
  cookie.key = cookie.name;
  return cookie;
}
function Cookie(options) {
  if (!(this instanceof Cookie)) return new Cookie(options);
  var o = typeof options === 'string' ? parseCookie(options) : options || {};
  for (var k in o) this[k] = o[k];
  this.key = this.name;
}
Cookie.prototype.toString = function () { return this.name + '=' + this.value; };
Cookie.parse = parseCookie;
function cookieList(headerPairs) {
  var list = new PropertyList(Cookie, []);
  list._match = function (item, key) { return item.name === String(key); };
  (headerPairs || []).forEach(function (p) { if (String(p[0]).toLowerCase() === 'set-cookie') list.add(parseCookie(p[1])); });
  list.jar = unsupported('pm.cookies.jar', '只能读取本次响应的 Set-Cookie');
  return list;
}
`;
