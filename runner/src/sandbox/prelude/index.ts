import { CORE } from './core.js';
import { LISTS } from './lists.js';
import { MODULES } from './modules.js';
import { PM } from './pm.js';
import { REQUEST } from './request.js';
import { RESPONSE } from './response.js';

/**
 * The pm API's JavaScript, evaluated once per QuickJS context: a function of the host functions returning the
 * entry points the host calls. Strict mode, so scripts cannot walk from a callback up to its callers.
 */
export const PRELUDE = `(function (host) {
'use strict';
${CORE}
${LISTS}
${REQUEST}
${RESPONSE}
${MODULES}
${PM}
return { exec: exec, deliver: deliver, finish: finish };
})`;
