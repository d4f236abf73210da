import { describe, expect, it } from 'vitest';
import type { VariableScopes } from '../src/ports.js';
import { DYNAMIC_VARIABLES, dynamicValue, emptyScopes, replaceVariables } from '../src/variables/index.js';

function scopes(values: Partial<Record<keyof VariableScopes, Record<string, string>>>): VariableScopes {
  const all = emptyScopes();
  for (const [scope, entries] of Object.entries(values)) {
    for (const [name, value] of Object.entries(entries ?? {})) all[scope as keyof VariableScopes].set(name, value);
  }
  return all;
}

describe('replaceVariables', () => {
  it('takes each name from the narrowest scope holding it: local > data > environment > collection > globals', () => {
    const all = scopes({
      globals: { a: 'g', b: 'g', c: 'g', d: 'g', e: 'g' },
      collection: { a: 'c', b: 'c', c: 'c', d: 'c' },
      environment: { a: 'e', b: 'e', c: 'e' },
      data: { a: 'd', b: 'd' },
      local: { a: 'l' },
    });
    expect(replaceVariables('{{a}} {{b}} {{c}} {{d}} {{e}}', all)).toEqual({ text: 'l d e c g', unresolved: [] });
  });

  it('leaves unknown names as written and lists each once', () => {
    const result = replaceVariables(
      '{{host}}/users/{{id}}?q={{id}}&x={{$notAThing}}',
      scopes({ local: { host: 'h' } }),
    );
    expect(result.text).toBe('h/users/{{id}}?q={{id}}&x={{$notAThing}}');
    expect(result.unresolved).toEqual(['id', '$notAThing']);
  });

  it('resolves references inside values, and stops on a cycle', () => {
    const all = scopes({ environment: { base: 'https://{{domain}}', domain: 'api.example.com', loop: '{{loop}}' } });
    expect(replaceVariables('{{base}}/v1', all).text).toBe('https://api.example.com/v1');
    const cycle = replaceVariables('{{loop}}', all);
    expect(cycle.text).toBe('{{loop}}');
    expect(cycle.unresolved).toEqual([]);
  });

  it('puts extra variables before every scope', () => {
    const all = scopes({ local: { a: 'local' } });
    expect(replaceVariables('{{a}}', all, { extra: { a: 'extra' } }).text).toBe('extra');
    expect(replaceVariables('{{a}}', all, { extra: new Map([['a', 'map']]) }).text).toBe('map');
  });

  it('makes a fresh dynamic value at each use, unless a scope names the variable', () => {
    const result = replaceVariables('{{$guid}} {{$guid}}', emptyScopes());
    const [first, second] = result.text.split(' ');
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(first).not.toBe(second);
    expect(replaceVariables('{{$guid}}', scopes({ environment: { $guid: 'fixed' } })).text).toBe('fixed');
    expect(replaceVariables('{{$guid}}', emptyScopes(), { dynamic: false }).unresolved).toEqual(['$guid']);
  });

  it('returns text without references untouched', () => {
    const text = 'plain { text } with {single} braces';
    expect(replaceVariables(text, emptyScopes())).toEqual({ text, unresolved: [] });
  });
});

describe('dynamic variables', () => {
  const shapes: Record<string, RegExp> = {
    $timestamp: /^\d{10}$/,
    $isoTimestamp: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/,
    $randomUUID: /^[0-9a-f-]{36}$/,
    $randomInt: /^\d{1,4}$/,
    $randomIP: /^\d{1,3}(\.\d{1,3}){3}$/,
    $randomIPV6: /^[0-9a-f]{4}(:[0-9a-f]{4}){7}$/,
    $randomFirstName: /^[A-Z][a-z]+$/,
    $randomLastName: /^[A-Z][a-z]+$/,
    $randomFullName: /^[A-Z][a-z]+ [A-Z][a-z]+$/,
    $randomEmail: /^[\w.]+@[a-z]+\.[a-z]+$/,
    $randomPassword: /^[a-z0-9]{15}$/,
    $randomPhoneNumber: /^\d{3}-\d{3}-\d{4}$/,
    $randomBoolean: /^(true|false)$/,
    $randomAlphaNumeric: /^[a-z0-9]$/,
    $randomHexColor: /^#[0-9a-f]{6}$/,
    $randomPrice: /^\d+\.\d\d$/,
    $randomUrl: /^https:\/\/[a-z]+\.[a-z]+$/,
    $randomMACAddress: /^[0-9a-f]{2}(:[0-9a-f]{2}){5}$/,
  };

  it.each(Object.entries(shapes))('%s has the shape Postman gives it', (name, shape) => {
    expect(dynamicValue(name.slice(1))).toMatch(shape);
  });

  it('lists every documented name, each giving a non-empty value', () => {
    for (const name of ['$guid', '$randomCity', '$randomCountry', '$randomStreetAddress', '$randomCompanyName']) {
      expect(DYNAMIC_VARIABLES).toContain(name);
    }
    for (const name of ['$randomWord', '$randomWords', '$randomColor', '$randomDomainName', '$randomJobTitle']) {
      expect(DYNAMIC_VARIABLES).toContain(name);
    }
    expect(DYNAMIC_VARIABLES).toContain('$randomDateFuture');
    expect(DYNAMIC_VARIABLES).toContain('$randomDatePast');
    expect(DYNAMIC_VARIABLES).toContain('$randomUserName');
    for (const name of DYNAMIC_VARIABLES) expect(dynamicValue(name.slice(1)), name).toMatch(/\S/);
    expect(dynamicValue('toString')).toBeUndefined();
  });

  it('gives future and past dates on the right side of now', () => {
    expect(Date.parse(dynamicValue('randomDateFuture')!)).toBeGreaterThan(Date.now());
    expect(Date.parse(dynamicValue('randomDatePast')!)).toBeLessThan(Date.now());
  });
});
