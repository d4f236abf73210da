import { textPieces } from '../chat/messageText';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/**
 * Typed text as rich text: one paragraph per line, nothing interpreted as markup; empty stays empty. Each `@name` of
 * a member picked in the @ picker becomes the mention markup the task service reads
 * (`<span data-mention-id="<userId>">@name</span>`); an `@` typed by hand stays text.
 */
export function plainTextToHtml(text: string, mentions: { userId: number; name: string }[] = []): string {
  if (!text.trim()) return '';
  const ids = new Map(mentions.map((member) => [`@${member.name}`, member.userId]));
  const names = mentions.map((member) => member.name);
  const line = (typed: string) =>
    textPieces(typed, names)
      .map((piece) => {
        const id = piece.kind === 'mention' ? ids.get(piece.text) : undefined;
        const html = escapeHtml(piece.text);
        return id === undefined ? html : `<span data-mention-id="${id}">${html}</span>`;
      })
      .join('');
  return text
    .trim()
    .split(/\r?\n/)
    .map((typed) => (typed.trim() ? `<p>${line(typed)}</p>` : '<p><br></p>'))
    .join('');
}
