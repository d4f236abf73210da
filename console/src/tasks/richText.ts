const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => ESCAPES[char] ?? char);

/** Typed text as rich text: one paragraph per line, nothing interpreted as markup; empty stays empty. */
export function plainTextToHtml(text: string): string {
  const lines = text.trim().split(/\r?\n/);
  if (!text.trim()) return '';
  return lines.map((line) => (line.trim() ? `<p>${escapeHtml(line)}</p>` : '<p><br></p>')).join('');
}
