import type { Json } from './api.js';

/**
 * A placeholder's arguments read as data: `@integer(1, 100)`, `@pick(["a", 'b'])`, `@date(yyyy-MM-dd)`. Mock.js
 * hands them to `eval`; here only literals exist (numbers, quoted strings, true/false/null, lists and objects of
 * those), and anything else is the text as written, so an argument can never run code.
 */
export function parseArgs(text: string): Json[] {
  const reader = new Reader(text);
  const args: Json[] = [];
  reader.space();
  if (reader.done()) return args;
  for (;;) {
    args.push(reader.value(true));
    reader.space();
    if (reader.peek() === ',') {
      reader.at += 1;
      continue;
    }
    if (reader.done()) return args;
    // Something after a value that is not a comma: keep the rest as text.
    args.push(reader.rest());
    return args;
  }
}

class Reader {
  at = 0;
  constructor(readonly text: string) {}

  done = () => this.at >= this.text.length;
  peek = () => this.text[this.at];
  space() {
    while (!this.done() && /\s/.test(this.text[this.at] as string)) this.at += 1;
  }
  rest(): string {
    const rest = this.text.slice(this.at).trim();
    this.at = this.text.length;
    return rest;
  }

  value(topLevel: boolean): Json {
    this.space();
    const c = this.peek();
    if (c === '"' || c === "'") return this.quoted(c);
    if (c === '[') return this.list();
    if (c === '{') return this.object();
    const start = this.at;
    // A bare word runs to the next separator of its level.
    const stop = topLevel ? /[,]/ : /[,\]}:]/;
    while (!this.done() && !stop.test(this.text[this.at] as string)) this.at += 1;
    const word = this.text.slice(start, this.at).trim();
    if (word === 'true') return true;
    if (word === 'false') return false;
    if (word === 'null' || word === 'undefined') return null;
    if (/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(word)) return Number(word);
    return word;
  }

  quoted(quote: string): string {
    this.at += 1;
    let out = '';
    while (!this.done() && this.peek() !== quote) {
      let c = this.text[this.at] as string;
      if (c === '\\' && this.at + 1 < this.text.length) {
        this.at += 1;
        const escaped = this.text[this.at] as string;
        c = escaped === 'n' ? '\n' : escaped === 't' ? '\t' : escaped;
      }
      out += c;
      this.at += 1;
    }
    this.at += 1;
    return out;
  }

  list(): Json[] {
    this.at += 1;
    const out: Json[] = [];
    for (;;) {
      this.space();
      if (this.done()) return out;
      if (this.peek() === ']') {
        this.at += 1;
        return out;
      }
      out.push(this.value(false));
      this.space();
      if (this.peek() === ',') this.at += 1;
      else if (this.peek() !== ']') this.at += 1;
    }
  }

  object(): Json {
    this.at += 1;
    const out: Record<string, Json> = {};
    for (;;) {
      this.space();
      if (this.done()) return out;
      if (this.peek() === '}') {
        this.at += 1;
        return out;
      }
      const key = String(this.value(false));
      this.space();
      if (this.peek() === ':') this.at += 1;
      out[key] = this.value(false);
      this.space();
      if (this.peek() === ',' || (this.peek() !== '}' && !this.done())) this.at += 1;
    }
  }
}
