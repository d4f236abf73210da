import type { DocDiff } from '../publishingApi';

const ORDER = { changed: 0, added: 1, removed: 2 } as const;

/** Breaking documents first (what a reader must act on), then changed, added, removed; the server's order within. */
export const inReadingOrder = (docs: DocDiff[]) =>
  docs
    .map((doc, index) => ({ doc, index }))
    .sort(
      (a, b) =>
        Number(b.doc.breaking) - Number(a.doc.breaking) ||
        ORDER[a.doc.change] - ORDER[b.doc.change] ||
        a.index - b.index,
    )
    .map(({ doc }) => doc);
