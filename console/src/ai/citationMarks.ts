import type { Citation } from '@pmbok/api-types';

const MARK = /\[(\d+)\]/g;

/**
 * Turns an answer's citation marks (`[1]`, as the model was told to write them) into links to their sources, in
 * the rendered markdown under `root`. Code and existing links are left alone, and so is a number no citation has.
 * The link's address is the console route behind a `#`, never a URL from the text.
 */
export function linkCitationMarks(root: HTMLElement | null, citations: Citation[]): void {
  if (!root || !citations.length) return;
  const byNumber = new Map(citations.map((citation) => [String(citation.n), citation]));
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (/\[\d+\]/.test(node.nodeValue ?? '') && !node.parentElement?.closest('pre, code, a')) texts.push(node as Text);
  }
  for (const text of texts) {
    const value = text.nodeValue ?? '';
    const fragment = document.createDocumentFragment();
    let done = 0;
    for (const match of value.matchAll(MARK)) {
      const citation = byNumber.get(match[1] as string);
      if (!citation) continue;
      fragment.append(value.slice(done, match.index));
      const link = document.createElement('a');
      link.href = `#${citation.route}`;
      link.className = 'ai-cite';
      link.dataset.route = citation.route;
      link.title = citation.title;
      link.textContent = String(citation.n);
      fragment.append(link);
      done = match.index + match[0].length;
    }
    if (done === 0) continue;
    fragment.append(value.slice(done));
    text.replaceWith(fragment);
  }
}
