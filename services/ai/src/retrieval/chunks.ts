/**
 * A long source split into passages of at most `max` characters, so that retrieval returns the part that matches
 * and a prompt never carries a whole manual. Cuts fall between lines when they can, else between sentences, and a
 * sentence longer than a passage is cut where it must be.
 */
const SENTENCE_END = /(?<=[。！？；!?;]|\.(?=\s))/u;

/** A line as pieces of at most `max` characters; all but the first continue the line. */
function pieces(line: string, max: number): string[] {
  if (line.length <= max) return [line];
  const out: string[] = [];
  for (const sentence of line.split(SENTENCE_END)) {
    for (let start = 0; start < sentence.length; start += max) out.push(sentence.slice(start, start + max));
  }
  return out;
}

export function chunk(text: string, max: number): string[] {
  const chunks: string[] = [];
  let current = '';
  const close = () => {
    if (current.trim() !== '') chunks.push(current.trim());
    current = '';
  };
  for (const line of text.split('\n')) {
    pieces(line, max).forEach((piece, i) => {
      const joined = current === '' ? piece : `${current}${i === 0 ? '\n' : ''}${piece}`;
      if (joined.length <= max) current = joined;
      else {
        close();
        current = piece;
      }
    });
  }
  close();
  return chunks;
}
