import { type Doc, documentProjection, ownLog, readModel } from '@pmbok/infra';
import type { TestTokenData, TestTokenEvent } from '../../domain/testToken/testToken.js';

/** A project's API token as its managers list it, and as a CLI call finds it by its hash. */
export interface TestTokenDoc extends Doc, TestTokenData {
  revoked: boolean;
  /** 0 when never used. */
  lastUsedAt: number;
}

export const testTokens = readModel<TestTokenDoc>('testTokens', [
  { fields: { projectId: 1 } },
  { fields: { hash: 1 } },
]);

export const testTokensProjection = documentProjection({
  source: ownLog<TestTokenEvent>(),
  collection: testTokens,
  documentId: (event) => String(event.data.testTokenId),
  on: {
    TestTokenCreated: ({ data }) => ({ ...data, revoked: false, lastUsedAt: 0 }),
    TestTokenRevoked: (_event, doc) => doc && { ...doc, revoked: true },
    TestTokenUsed: ({ data }, doc) => doc && { ...doc, lastUsedAt: data.at },
  },
});
