// A default avatar per person until they upload one: a colour picked from their id, and the end of their name
// (a Chinese name's last two characters — 张小明 → 小明 — or a Latin name's initials).

/** Deep tones a white letter reads on (contrast ≥ 4.5:1, checked by the tests), no two of one hue family. */
export const AVATAR_PALETTE = [
  '#1565c0', // blue
  '#2e7d32', // green
  '#c2185b', // pink
  '#6a1b9a', // purple
  '#00695c', // teal
  '#bf360c', // vermilion
  '#827717', // olive
  '#5d4037', // brown
  '#455a64', // blue grey
  '#8d5c00', // amber
] as const;

/** A stable 32-bit hash of the id's text (FNV-1a), so the same person keeps the same colour everywhere. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** The person's colour: from their id when known, else from their name. */
export function avatarColor(id: number | string | null | undefined, name = ''): string {
  const seed = id === null || id === undefined || id === '' || id === 0 ? name : String(id);
  return AVATAR_PALETTE[hash(seed) % AVATAR_PALETTE.length] as string;
}

const HAN = /\p{Script=Han}/u;

/** What the avatar says: the last two characters of a Chinese name, a Latin name's initials, else its end. */
export function avatarText(name: string | null | undefined): string {
  const clean = (name ?? '').trim();
  if (!clean) return '?';
  if (HAN.test(clean)) return [...clean.replace(/\s+/g, '')].slice(-2).join('');
  const words = clean.split(/[\s._-]+/).filter(Boolean);
  const letters = words.filter((word) => /^\p{L}/u.test(word));
  if (letters.length === 0) return [...clean].slice(-2).join('').toUpperCase();
  const first = [...(letters[0] as string)][0] ?? '';
  const last = letters.length > 1 ? ([...(letters[letters.length - 1] as string)][0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** WCAG contrast ratio of two #rrggbb colours (for the palette's test and anyone picking new tones). */
export function contrastRatio(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}
