/** Naming conventions of field names: telling a project's majority, checking a name, spelling it another way. */

export type Convention = 'camelCase' | 'snake_case';
export type ConventionChoice = Convention | 'none';

/** Names the convention check reads: identifiers (`_id`, `$ref`, `x-rate-limit`, `@type` are left alone). */
const IDENTIFIER = /^[A-Za-z][A-Za-z0-9_]*$/;
const CAMEL = /^[a-z][a-zA-Z0-9]*$/;
const SNAKE = /^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/;

/** Whether the convention has anything to say about the name. */
export const checkable = (name: string) => IDENTIFIER.test(name);

export function follows(name: string, convention: Convention): boolean {
  return convention === 'camelCase' ? CAMEL.test(name) : SNAKE.test(name);
}

/** The words of a name in any spelling: `userID` → user, id; `HTTPServer2` → http, server2; `user_name` → user, name. */
export function wordsOf(name: string): string[] {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.]+/)
    .filter(Boolean)
    .map((word) => word.toLowerCase());
}

/** The name spelt by the convention (the same name when it has no words to spell). */
export function spell(name: string, convention: Convention): string {
  const words = wordsOf(name);
  if (words.length === 0) return name;
  if (convention === 'snake_case') return words.join('_');
  return words.map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1))).join('');
}

/**
 * The convention most distinctive names follow: a name of one lower-case word (`id`, `name`) fits both and says
 * nothing. A project with neither (or as many of each) has none to check.
 */
export function majorityConvention(names: Iterable<string>): ConventionChoice {
  let camel = 0;
  let snake = 0;
  for (const name of names) {
    if (!checkable(name)) continue;
    const isCamel = CAMEL.test(name) && /[A-Z]/.test(name);
    const isSnake = SNAKE.test(name) && name.includes('_');
    if (isCamel) camel += 1;
    else if (isSnake) snake += 1;
  }
  if (camel === snake) return 'none';
  return camel > snake ? 'camelCase' : 'snake_case';
}

/**
 * The key the library is matched by: case and underscores between words aside, `user_id`, `userId` and `UserID`
 * are one field; a leading or trailing underscore is part of the name (`_id` is MongoDB's, not `id`).
 */
export const matchKey = (name: string) => name.toLowerCase().replace(/(?<=[a-z0-9])_+(?=[a-z0-9])/g, '');
