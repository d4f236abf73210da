/**
 * A message's text cut into the pieces the screen draws, each as plain text (never HTML): mentions of the people it
 * names, links, and the rest. Drawn as React text nodes, a `<script>` in a message is only ever characters.
 */
export type TextPiece =
  | { kind: 'text'; text: string }
  | { kind: 'mention'; text: string }
  | { kind: 'link'; text: string; href: string };

const LINK = /https?:\/\/[^\s<>"'）】，。]+/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** `@name` for each name given (longest first, so 张三丰 wins over 张三), then links, in text order. */
export function textPieces(content: string, mentionNames: string[]): TextPiece[] {
  const names = [...new Set(mentionNames.filter(Boolean))].sort((a, b) => b.length - a.length);
  const patterns = [...names.map((name) => `@${escapeRegExp(name)}`), LINK.source];
  const pattern = new RegExp(patterns.join('|'), 'g');
  const pieces: TextPiece[] = [];
  let at = 0;
  for (const match of content.matchAll(pattern)) {
    const index = match.index ?? 0;
    if (index > at) pieces.push({ kind: 'text', text: content.slice(at, index) });
    const text = match[0];
    pieces.push(text.startsWith('@') ? { kind: 'mention', text } : { kind: 'link', text, href: text });
    at = index + text.length;
  }
  if (at < content.length) pieces.push({ kind: 'text', text: content.slice(at) });
  return pieces;
}

/** The ids of the picked members whose `@name` is still in the text when it is sent. */
export function mentionedIds(content: string, picked: { userId: number; name: string }[]): number[] {
  return [...new Set(picked.filter((member) => content.includes(`@${member.name}`)).map((member) => member.userId))];
}

/**
 * The `@` query being typed just before the caret: the text after the last `@` that starts a word, up to the caret,
 * with no space in it; null when the caret is not in a mention.
 */
export function mentionQuery(text: string, caret: number): { start: number; query: string } | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before[at - 1] as string)) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query) || query.length > 20) return null;
  return { start: at, query };
}

/** A console link inside the app (`/task/home/…`, `#/project/…`) as the router's path; null for another site. */
export function appPath(link: string, origin: string): string | null {
  if (link.startsWith('/') && !link.startsWith('//')) return link;
  try {
    const url = new URL(link);
    if (url.origin !== origin) return null;
    if (url.hash.startsWith('#/')) return url.hash.slice(1);
    return null;
  } catch {
    return null;
  }
}

const pad = (n: number) => String(n).padStart(2, '0');

/** When a message was sent, as a chat shows it: 14:05 today, 03-07 14:05 this year, else 2024-03-07 14:05. */
export function messageTime(ms: number, now = Date.now()): string {
  const date = new Date(ms);
  const today = new Date(now);
  const time = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  if (date.toDateString() === today.toDateString()) return time;
  const day = `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return date.getFullYear() === today.getFullYear() ? `${day} ${time}` : `${date.getFullYear()}-${day} ${time}`;
}
