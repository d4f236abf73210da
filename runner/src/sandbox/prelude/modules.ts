/**
 * `require` and the globals Postman scripts expect: the bundled libraries (loaded at first use: the host stops
 * the script's CPU clock while one loads), a small `postman-collection`, `_` and `CryptoJS`; what is not
 * supported throws an error naming it.
 */
export const MODULES = `
var libraries = {};
var loadingLibraries = {};
function loadLibrary(name) {
  if (hasOwn(libraries, name)) return libraries[name];
  // lodash reads the global _ while it loads (to restore it in noConflict): that must not load it again.
  if (hasOwn(loadingLibraries, name)) return undefined;
  loadingLibraries[name] = true;
  host.loadBegin();
  try {
    libraries[name] = geval(host.module(name));
  } finally {
    host.loadEnd();
    delete loadingLibraries[name];
  }
  return libraries[name];
}
var chaiLib = null;
function chai() {
  if (!chaiLib) {
    var lib = loadLibrary('chai');
    installResponseAssertions(lib);
    chaiLib = lib;
  }
  return chaiLib;
}

// Property.replaceSubstitutions(text, variables): variables as an object, a list of { key, value } or a scope.
function variablesJson(variables) {
  if (!variables) return '';
  var out = {};
  var list = typeof variables.all === 'function' ? variables.all() : Array.isArray(variables) ? variables : null;
  if (list) list.forEach(function (v) { if (v && !v.disabled) out[String(v.key)] = stored(v.value); });
  else {
    var object = typeof variables.toObject === 'function' ? variables.toObject() : variables;
    for (var k in object) out[k] = stored(object[k]);
  }
  return stringifyJson(out);
}
function replaceSubstitutions(text, variables) {
  return typeof text === 'string' ? host.replace(text, variablesJson(variables), '') : text;
}
var Property = strict({
  replaceSubstitutions: replaceSubstitutions,
  replaceSubstitutionsIn: function (object, variables) {
    return parseJson(replaceSubstitutions(stringifyJson(object), variables));
  },
}, "require('postman-collection').Property");
var postmanCollection = strict({
  Property: Property,
  Header: Header,
  QueryParam: QueryParam,
  Url: Url,
  PropertyList: PropertyList,
  Cookie: Cookie,
  RequestBody: RequestBody,
}, "require('postman-collection')");

var LIBRARIES = { lodash: 1, 'crypto-js': 1, uuid: 1, moment: 1 };
var AVAILABLE = '可用的模块：lodash、chai、crypto-js、uuid、moment、postman-collection、atob、btoa';
function requireModule(name) {
  var n = String(name);
  if (hasOwn(LIBRARIES, n)) return loadLibrary(n);
  if (n === 'chai') return chai();
  if (n === 'postman-collection') return postmanCollection;
  if (n === 'atob') return G.atob;
  if (n === 'btoa') return G.btoa;
  throw unsupportedError("require('" + n + "')", AVAILABLE);
}
G.require = requireModule;

function lazyGlobal(name, make) {
  Object.defineProperty(G, name, {
    configurable: true,
    enumerable: false,
    get: function () {
      var value = make();
      if (value !== undefined) Object.defineProperty(G, name, { value: value, writable: true, configurable: true, enumerable: false });
      return value;
    },
    set: function (value) {
      Object.defineProperty(G, name, { value: value, writable: true, configurable: true, enumerable: false });
    },
  });
}
lazyGlobal('_', function () { return loadLibrary('lodash'); });
lazyGlobal('CryptoJS', function () { return loadLibrary('crypto-js'); });

`;
