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

/** An activity or notification with the line under its sentence. */
export interface Summarised extends Worded {
  summary: string;
  changes: string[];
}

/**
 * The line under the sentence in the user's language: a document's changed parts and a failed run's counts are
 * worded here from `changes` and the arguments; any other summary is the user's own text (a version's notes) or
 * the server's (a run's error message), shown as it is.
 */
export function activitySummary(translate: TranslateFunction, item: Summarised): string {
  if (item.changes.length > 0 && (item.phrase === 'doc.changed' || item.phrase === 'doc.renamed')) {
    const parts = item.changes.map((part) => translate(`${PREFIX}parts.${part}`, { _: part }));
    return translate(`${PREFIX}changed`, { parts: parts.join(translate(`${PREFIX}partSeparator`)) });
  }
  const { failed, requests } = item.args ?? {};
  if (item.phrase === 'test.failed' && failed && requests)
    return translate(`${PREFIX}testFailed`, { failed, requests });
  return item.summary;
}
