import { type Doc, documentProjection, ownLog, readModel } from '@pmbok/infra';
import type { ShareData, ShareEvent } from '../../domain/share/share.js';
import type { ShareViewEvent } from '../../domain/share/views.js';

/** A share link with its state and open counts: found by its token on every public read. */
export interface ShareLinkDoc extends Doc, ShareData {
  revoked: boolean;
  openCount: number;
  lastOpenedAt: number;
  /** Document reads through this link. */
  readCount: number;
}

/** Reads of one document through any share link: the creator centre's view count. */
export interface ShareDocViewsDoc extends Doc {
  docId: number;
  projectId: number;
  viewCount: number;
}

export const shareLinks = readModel<ShareLinkDoc>('shareLinks', [
  { fields: { token: 1 }, unique: true },
  { fields: { projectId: 1 } },
]);
export const shareDocViews = readModel<ShareDocViewsDoc>('shareDocViews');

export const shareLinksProjection = documentProjection({
  source: ownLog<ShareEvent | ShareViewEvent>(),
  collection: shareLinks,
  documentId: (event) => String(event.data.shareId),
  on: {
    ShareCreated: ({ data }) => ({ ...data, revoked: false, openCount: 0, lastOpenedAt: 0, readCount: 0 }),
    ShareRevoked: (_event, doc) => doc && { ...doc, revoked: true },
    ShareOpened: ({ data }, doc) => doc && { ...doc, openCount: doc.openCount + 1, lastOpenedAt: data.at },
    ShareDocRead: (_event, doc) => doc && { ...doc, readCount: doc.readCount + 1 },
  },
});

export const shareDocViewsProjection = documentProjection({
  source: ownLog<ShareViewEvent>(),
  collection: shareDocViews,
  documentId: (event) => String(event.data.docId),
  on: {
    ShareDocRead: ({ data }, doc) => ({
      docId: data.docId,
      projectId: data.projectId,
      viewCount: (doc?.viewCount ?? 0) + 1,
    }),
  },
});

/** View counts of documents by id (0 for a document never read through a link). */
export async function viewCountsOf(store: Parameters<typeof shareDocViews>[0], docIds: number[]) {
  const found = docIds.length ? await shareDocViews(store).find({ _id: { $in: docIds.map(String) } }) : [];
  return new Map(found.map((doc) => [doc.docId, doc.viewCount]));
}
