import type { TranslateFunction } from 'react-admin';

/** Where home/messages.ts places the tables of ./messages.ts. */
const PREFIX = 'app.home.sentence.';
/** The arguments that name a person; empty, the server does not know them yet. */
const PERSON_ARGS = ['actor', 'other'];

/** What an activity or a notification says (docs/api/messaging.md "Phrases"); `title` is the server's Chinese. */
export interface Worded {
  title: string;
  phrase?: string;
  args?: Record<string, string>;
}

/** The key of a phrase's template (dots are polyglot's path separators). */
export const phraseKey = (phrase: string) => `${PREFIX}phrases.${phrase.replaceAll('.', '_')}`;

/**
 * The sentence of an activity or notification in the user's language, worded from its phrase and arguments; the
 * server's title when it has no phrase (recorded before phrases) or one this console does not know (a newer server).
 */
export function activitySentence(translate: TranslateFunction, item: Worded): string {
  if (!item.phrase || !/^[\w.]+$/.test(item.phrase)) return item.title;
  const args: Record<string, string | number> = { ...item.args };
  for (const name of PERSON_ARGS) if (name in args && !args[name]) args[name] = translate(`${PREFIX}someone`);
  if (typeof args.role === 'string') args.role = translate(`${PREFIX}roles.${args.role}`, { _: args.role });
  // polyglot picks a plural form by smart_count.
  if (args.count !== undefined && Number.isFinite(Number(args.count))) args.smart_count = Number(args.count);
  return translate(phraseKey(item.phrase), { ...args, _: item.title });
}
