import { type Decider, type DomainEvent, streamId } from '@pmbok/infra';
import type { FieldChange } from '../tree/tree.js';
import type { Expectation } from './expectations.js';

/**
 * A project's mock settings and its api documents' expectations (stream `projectMock-<projectId>`, one per
 * project). A project that never saved settings has the defaults: access by token, requests validated.
 *
 * The token is random and stored by an event (`MockTokenIssued`) the first time it is needed, rather than derived
 * with an HMAC of a service secret: the services have no such secret to keep (and rotating one would change every
 * project's token at once), a reset is simply a new event, and the history shows when a token changed.
 */
export type MockAccess = 'token' | 'public';

export interface MockSettingsFields {
  access: MockAccess;
  validateRequests: boolean;
}

export const DEFAULT_MOCK_SETTINGS: MockSettingsFields = { access: 'token', validateRequests: true };

export type MockSettingsSaved = DomainEvent<
  'MockSettingsSaved',
  MockSettingsFields & { projectId: number; changes: FieldChange[] }
>;
export type MockTokenIssued = DomainEvent<
  'MockTokenIssued',
  { projectId: number; token: string; reason: 'first' | 'reset' }
>;
export type MockExpectationsSaved = DomainEvent<
  'MockExpectationsSaved',
  { projectId: number; projectStructureId: number; expectations: Expectation[] }
>;
export type MockConfigEvent = MockSettingsSaved | MockTokenIssued | MockExpectationsSaved;

export interface MockConfig {
  settings: MockSettingsFields;
  token: string;
  /** The expectations of each api node that has any, by node id. */
  expectations: Map<number, Expectation[]>;
}

export const mockConfigStreamId = (projectId: number) => streamId('projectMock', projectId);

export type SaveMockSettings = {
  type: 'SaveMockSettings';
  data: { projectId: number; access?: MockAccess; validateRequests?: boolean };
};
/** `token`: made by the use case (randomness stays out of the decider); `reason` first issues only when none. */
export type IssueMockToken = {
  type: 'IssueMockToken';
  data: { projectId: number; token: string; reason: 'first' | 'reset' };
};
export type SaveMockExpectations = {
  type: 'SaveMockExpectations';
  data: { projectId: number; projectStructureId: number; expectations: Expectation[] };
};
export type MockConfigCommand = SaveMockSettings | IssueMockToken | SaveMockExpectations;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function decideMockConfig(command: MockConfigCommand, state: MockConfig): MockConfigEvent[] {
  switch (command.type) {
    case 'SaveMockSettings': {
      const { projectId, ...asked } = command.data;
      const next: MockSettingsFields = {
        access: asked.access ?? state.settings.access,
        validateRequests: asked.validateRequests ?? state.settings.validateRequests,
      };
      const changes = (Object.keys(next) as (keyof MockSettingsFields)[])
        .filter((field) => next[field] !== state.settings[field])
        .map((field) => ({ field, before: state.settings[field], after: next[field] }));
      if (changes.length === 0) return [];
      return [{ type: 'MockSettingsSaved', data: { projectId, ...next, changes } }];
    }
    case 'IssueMockToken':
      // Two first reads at once: the one that lost the race finds the token issued and adds nothing.
      if (command.data.reason === 'first' && state.token) return [];
      return [{ type: 'MockTokenIssued', data: command.data }];
    case 'SaveMockExpectations': {
      const { projectStructureId, expectations } = command.data;
      if (same(state.expectations.get(projectStructureId) ?? [], expectations)) return [];
      return [{ type: 'MockExpectationsSaved', data: command.data }];
    }
  }
}

export function evolveMockConfig(state: MockConfig, event: MockConfigEvent): MockConfig {
  switch (event.type) {
    case 'MockSettingsSaved': {
      const { access, validateRequests } = event.data;
      return { ...state, settings: { access, validateRequests } };
    }
    case 'MockTokenIssued':
      return { ...state, token: event.data.token };
    case 'MockExpectationsSaved': {
      const expectations = new Map(state.expectations);
      if (event.data.expectations.length === 0) expectations.delete(event.data.projectStructureId);
      else expectations.set(event.data.projectStructureId, event.data.expectations);
      return { ...state, expectations };
    }
  }
}

export const mockConfigDecider: Decider<MockConfig, MockConfigCommand, MockConfigEvent> = {
  decide: decideMockConfig,
  evolve: evolveMockConfig,
  initialState: () => ({ settings: { ...DEFAULT_MOCK_SETTINGS }, token: '', expectations: new Map() }),
};
