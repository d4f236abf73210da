import * as chai from './generated/chai.js';
import * as cryptoJs from './generated/crypto-js.js';
import * as lodash from './generated/lodash.js';
import * as moment from './generated/moment.js';
import * as uuid from './generated/uuid.js';

/** The libraries `require` gives scripts, as sources QuickJS evaluates at their first use (see generated/). */
export const LIBRARY_SOURCES: Record<string, { version: string; source: string }> = {
  chai,
  'crypto-js': cryptoJs,
  lodash,
  moment,
  uuid,
};
