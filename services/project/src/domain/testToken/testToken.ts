import { type Decider, type DomainEvent, invalid, notFound, streamId } from '@pmbok/infra';

/**
 * A project's API tokens for the CLI (stream `projectTestTokens-<projectId>`, one per project: a handful of tokens).
 * Only a token's SHA-256 and its first characters are kept; the token itself is shown once, when made.
 */
export interface TestTokenData {
  testTokenId: number;
  projectId: number;
  name: string;
  /** `pmbok_pt_` and the next 4 characters, to recognise it. */
  prefix: string;
  /** SHA-256 of the whole token, hex. */
  hash: string;
  createdBy: number;
  createdAt: number;
}

export type TestTokenCreated = DomainEvent<'TestTokenCreated', TestTokenData>;
export type TestTokenRevoked = DomainEvent<
  'TestTokenRevoked',
  { testTokenId: number; projectId: number; revokedBy: number; revokedAt: number }
>;
/** Recorded at most once a minute per token: `lastUsedAt` is for people, not an audit log. */
export type TestTokenUsed = DomainEvent<'TestTokenUsed', { testTokenId: number; projectId: number; at: number }>;
export type TestTokenEvent = TestTokenCreated | TestTokenRevoked | TestTokenUsed;

export type TokenState = TestTokenData & { revoked: boolean; lastUsedAt: number };
export interface TestTokens {
  tokens: Map<number, TokenState>;
}

export const testTokensStreamId = (projectId: number) => streamId('projectTestTokens', projectId);

export const TOKENS_MAX = 50;
export const USE_RECORDED_EVERY_MS = 60_000;

export const testTokenMessages = {
  notFound: 'API 令牌不存在',
  name: 'API 令牌名称为 1–50 个字符',
  tooMany: `一个项目最多 ${TOKENS_MAX} 个有效的 API 令牌`,
  invalid: 'API 令牌无效或已被撤销',
} as const;

export type CreateTestToken = { type: 'CreateTestToken'; data: TestTokenData };
export type RevokeTestToken = {
  type: 'RevokeTestToken';
  data: { testTokenId: number; revokedBy: number; revokedAt: number };
};
export type RecordTestTokenUse = { type: 'RecordTestTokenUse'; data: { testTokenId: number; at: number } };
export type TestTokenCommand = CreateTestToken | RevokeTestToken | RecordTestTokenUse;

export function decideTestTokens(command: TestTokenCommand, state: TestTokens): TestTokenEvent[] {
  switch (command.type) {
    case 'CreateTestToken': {
      const name = command.data.name.trim();
      if (name.length < 1 || [...name].length > 50) throw invalid(testTokenMessages.name);
      if (state.tokens.has(command.data.testTokenId)) return [];
      const live = [...state.tokens.values()].filter((token) => !token.revoked).length;
      if (live >= TOKENS_MAX) throw invalid(testTokenMessages.tooMany);
      return [{ type: 'TestTokenCreated', data: { ...command.data, name } }];
    }
    case 'RevokeTestToken': {
      const token = state.tokens.get(command.data.testTokenId);
      if (!token) throw notFound(testTokenMessages.notFound);
      if (token.revoked) return [];
      return [{ type: 'TestTokenRevoked', data: { ...command.data, projectId: token.projectId } }];
    }
    case 'RecordTestTokenUse': {
      const token = state.tokens.get(command.data.testTokenId);
      if (!token || token.revoked || command.data.at - token.lastUsedAt < USE_RECORDED_EVERY_MS) return [];
      return [{ type: 'TestTokenUsed', data: { ...command.data, projectId: token.projectId } }];
    }
    default: {
      const unknown: never = command;
      throw new Error(`unknown command ${(unknown as { type: string }).type}`);
    }
  }
}

export function evolveTestTokens(state: TestTokens, event: TestTokenEvent): TestTokens {
  const tokens = new Map(state.tokens);
  const token = tokens.get(event.data.testTokenId);
  switch (event.type) {
    case 'TestTokenCreated':
      tokens.set(event.data.testTokenId, { ...event.data, revoked: false, lastUsedAt: 0 });
      break;
    case 'TestTokenRevoked':
      if (token) tokens.set(token.testTokenId, { ...token, revoked: true });
      break;
    case 'TestTokenUsed':
      if (token) tokens.set(token.testTokenId, { ...token, lastUsedAt: event.data.at });
      break;
  }
  return { tokens };
}

export const testTokensDecider: Decider<TestTokens, TestTokenCommand, TestTokenEvent> = {
  decide: decideTestTokens,
  evolve: evolveTestTokens,
  initialState: () => ({ tokens: new Map() }),
};
