import { describe, expect, it } from 'vitest';
import { compileTemplate, type GenerateScope, isTemplate, type Json } from '../../src/mock/generate/index.js';

const scope: GenerateScope = { models: {}, fields: [] };
const NOW = Date.UTC(2026, 5, 15, 4, 30, 15);
const make = (template: Json, seed = 1) =>
  compileTemplate(template, scope)({ seed, deadline: Date.now() + 5_000, now: NOW });
const many = (template: Json, count = 60) => Array.from({ length: count }, (_, seed) => make(template, seed));
const one = (placeholder: string, seed = 1) => (make({ v: placeholder }, seed) as { v: Json }).v;

describe('Mock.js rules', () => {
  it('repeats strings, draws numbers and decimals, steps, and picks booleans', () => {
    for (const value of many({ 's|2-4': 'ab', 'n|1-3': 'x', 'c|3': '★' }) as Record<string, string>[]) {
      expect(value.s).toMatch(/^(ab){2,4}$/);
      expect(value.n).toMatch(/^x{1,3}$/);
      expect(value.c).toBe('★★★');
    }
    for (const value of many({ 'i|10-20': 1, 'f|1-10.1-3': 1, 'g|5.2': 1, 'fixed|7': 0 }) as Record<string, number>[]) {
      expect(value.i).toBeGreaterThanOrEqual(10);
      expect(value.i).toBeLessThanOrEqual(20);
      expect(String(value.f)).toMatch(/^([1-9]|10)\.\d{1,3}$/);
      expect(String(value.g)).toMatch(/^5\.\d[1-9]$/);
      expect(value.fixed).toBe(7);
    }
    expect(make({ 'list|4': [{ 'id|+2': 10 }] })).toEqual({ list: [{ id: 10 }, { id: 12 }, { id: 14 }, { id: 16 }] });
    const flags = many({ 'b|1': true, 'rare|1-9': true }) as Record<string, boolean>[];
    expect(new Set(flags.map((value) => value.b))).toEqual(new Set([true, false]));
    expect(flags.filter((value) => value.rare).length).toBeLessThan(30);
  });

  it('picks one of a list, steps through it, repeats it, and picks properties of an object', () => {
    for (const value of many({ 'one|1': ['a', 'b', 'c'], 'rep|2': [1, 2], 'obj|2': { a: 1, b: 2, c: 3 } }) as Record<
      string,
      Json
    >[]) {
      expect(['a', 'b', 'c']).toContain(value.one);
      expect(value.rep).toEqual([1, 2, 1, 2]);
      expect(Object.keys(value.obj as object)).toHaveLength(2);
    }
    expect(make({ 'list|3': [{ 'v|+1': ['x', 'y'] }] })).toEqual({ list: [{ v: 'x' }, { v: 'y' }, { v: 'x' }] });
    expect(make({ 'obj|5-9': { a: 1, b: 2 } })).toEqual({ obj: { a: 1, b: 2 } });
    const sized = many({ 'list|1-3': [{ name: '@cname' }] }) as { list: { name: string }[] }[];
    expect(new Set(sized.map((value) => value.list.length))).toEqual(new Set([1, 2, 3]));
  });
});

describe('Mock.js placeholders', () => {
  it('answers every listed placeholder with a value of its kind', () => {
    const cases: [string, RegExp | ((value: Json) => boolean)][] = [
      ['@cname', /^\p{Script=Han}{2,4}$/u],
      ['@cfirst', /^\p{Script=Han}{1,2}$/u],
      ['@clast', /^\p{Script=Han}{1,2}$/u],
      ['@name', /^[A-Z][a-z]+ [A-Z][a-z'-]+/],
      ['@first', /^[A-Z][a-z]+/],
      ['@last', /^[A-Z][a-z'-]+/],
      ['@id', /^\d{17}[\dX]$/],
      ['@guid', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/],
      ['@uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/],
      ['@increment', (value) => value === 1],
      ['@integer(5, 6)', (value) => value === 5 || value === 6],
      ['@natural(1, 3)', (value) => typeof value === 'number' && value >= 1 && value <= 3],
      ['@float(1, 2, 2, 2)', /^[12]\.\d[1-9]$/],
      ['@boolean', (value) => typeof value === 'boolean'],
      ['@string("number", 4)', /^\d{4}$/],
      ['@string(2, 3)', /^.{2,3}$/],
      ['@character("upper")', /^[A-Z]$/],
      ['@word(5)', /^[a-zA-Z]{5}$/],
      ['@cword(3)', /^\p{Script=Han}{3}$/u],
      ['@title', /^([A-Z][a-z]*\s?){3,7}$/],
      ['@ctitle(4)', /^\p{Script=Han}{4}$/u],
      ['@sentence(3)', /^[A-Z][a-z]*( [a-z]+){2}\.$/],
      ['@csentence(5)', /^\p{Script=Han}{5}。$/u],
      ['@paragraph(2)', /^[^.]+\. [^.]+\.$/],
      ['@cparagraph(2)', /^\p{Script=Han}+。\p{Script=Han}+。$/u],
      ['@date', /^\d{4}-\d{2}-\d{2}$/],
      ['@date("yyyy/MM/dd")', /^\d{4}\/\d{2}\/\d{2}$/],
      ['@time', /^\d{2}:\d{2}:\d{2}$/],
      ['@datetime', /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/],
      ['@now', (value) => value === '2026-06-15 12:30:15'],
      ['@now("day", "yyyy-MM-dd HH:mm")', (value) => value === '2026-06-15 00:00'],
      ['@timestamp', (value) => typeof value === 'number' && value <= NOW],
      [
        '@image("200x100", "#50B347", "#FFF", "png", "Mock")',
        (value) => value === 'https://dummyimage.com/200x100/50B347/FFF.png&text=Mock',
      ],
      ['@dataImage("20x10")', /^data:image\/svg\+xml;base64,/],
      ['@color', /^#[0-9a-f]{6}$/],
      ['@hex', /^#[0-9a-f]{6}$/],
      ['@rgb', /^rgb\(\d+, \d+, \d+\)$/],
      ['@email', /^[a-z]+\d*@[\w.]+$/],
      ['@email("pmbok.cn")', /@pmbok\.cn$/],
      ['@url', /^https:\/\/\w+\.[\w.]+\/\w+$/],
      ['@url("http", "a.cn")', /^http:\/\/a\.cn\//],
      ['@domain', /^\w+\.[\w.]+$/],
      ['@ip', /^(\d{1,3}\.){3}\d{1,3}$/],
      ['@province', /(省|市|自治区|特别行政区)$/],
      ['@city', /\p{Script=Han}$/u],
      ['@city(true)', /^\p{Script=Han}+( \p{Script=Han}+)?$/u],
      ['@county', /\p{Script=Han}$/u],
      ['@region', /^(华北|华东|华南|华中|西南|西北|东北)$/],
      ['@zip', /^\d{6}$/],
      ['@phone', /^1[345789]\d{9}$/],
      ['@mobile', /^1[345789]\d{9}$/],
      ['@idcard', /^\d{17}[\dX]$/],
      ['@pick(["a", "b"])', /^[ab]$/],
      ["@pick('x', 'y')", /^[xy]$/],
      ['@shuffle([1, 2, 3])', (value) => JSON.stringify([...(value as number[])].sort()) === '[1,2,3]'],
      ['@upper("abc")', (value) => value === 'ABC'],
      ['@lower("ABC")', (value) => value === 'abc'],
    ];
    for (const [placeholder, expected] of cases) {
      for (const seed of [1, 2, 3]) {
        const value = one(placeholder, seed);
        if (expected instanceof RegExp) expect(String(value), placeholder).toMatch(expected);
        else expect(expected(value), `${placeholder} → ${JSON.stringify(value)}`).toBe(true);
      }
    }
  });

  it('keeps a placeholder alone its type, fills placeholders inside text, and keeps unknown ones and e-mails', () => {
    expect(make({ n: '@integer(3, 3)', s: 'No.@integer(3, 3) by @upper("x")' })).toEqual({ n: 3, s: 'No.3 by X' });
    expect(make({ a: '@nosuch', b: '@nosuch(1, 2) left', c: 'me@email.com', d: '\\@cname' })).toEqual({
      a: '@nosuch',
      b: '@nosuch(1, 2) left',
      c: 'me@email.com',
      d: '@cname',
    });
  });

  it('refers to other values: @/path from the root, @name beside it, @../name from the parent', () => {
    const value = make({
      user: { name: '@cname', greeting: 'Hi @name', copy: '@/title', up: '@../title' },
      title: '@ctitle(3)',
      'items|2': [{ id: '@increment', label: 'item @id' }],
    }) as { user: Record<string, string>; title: string; items: Record<string, Json>[] };
    expect(value.user.greeting).toBe(`Hi ${value.user.name}`);
    expect(value.user.copy).toBe(value.title);
    expect(value.user.up).toBe(value.title);
    expect(value.items.map((item) => item.label)).toEqual(['item 1', 'item 2']);
  });

  it('never runs arguments as code', () => {
    const value = make({
      a: '@integer(process.exit(1))',
      b: '@pick([1, 2].constructor)',
      c: '@upper(require("fs"))',
      d: "@string(')'.repeat(3))",
    }) as Record<string, Json>;
    expect(typeof value.a).toBe('number');
    expect(value.c).toBe('REQUIRE("FS")');
    expect(JSON.stringify(value)).not.toContain('function');
  });

  it('is repeatable under a seed', () => {
    const template = { 'list|3': [{ name: '@cname', 'age|1-99': 1, email: '@email' }] };
    expect(make(template, 5)).toEqual(make(template, 5));
    expect(make(template, 5)).not.toEqual(make(template, 6));
  });
});

describe('isTemplate', () => {
  it('finds rule keys and known placeholders anywhere, and nothing in plain examples', () => {
    expect(isTemplate({ data: { 'list|1-10': [{}] } })).toBe(true);
    expect(isTemplate([{ name: '@cname' }])).toBe(true);
    expect(isTemplate({ text: 'by @cname today' })).toBe(true);
    expect(isTemplate({ email: 'me@email.com', note: 'price|unit', at: '@nosuch' })).toBe(false);
    expect(isTemplate({ id: 1, tags: ['a'], ok: true, none: null })).toBe(false);
    expect(isTemplate('@/a/b')).toBe(true);
  });
});
