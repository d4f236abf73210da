import { type Doc, ownLog, parseStreamId, projection, type ReadStore, type Recorded, readModel } from '@pmbok/infra';
import type { DocEvent } from '../../domain/doc/doc.js';
import type { Expectation } from '../../domain/mockConfig/expectations.js';
import { DEFAULT_MOCK_SETTINGS, type MockAccess, type MockConfigEvent } from '../../domain/mockConfig/mockConfig.js';

/** A project's mock settings, and the position of the last event of its mock stream (part of the index revision). */
export interface MockSettingsDoc extends Doc {
  projectId: number;
  access: MockAccess;
  validateRequests: boolean;
  /** '' until first needed (then `MockTokenIssued`). */
  token: string;
  position: number;
}

/** One api document's expectations, in priority order. */
export interface MockExpectationsDoc extends Doc {
  projectId: number;
  projectStructureId: number;
  expectations: Expectation[];
}

/**
 * The position of each document's last content event, by project: GetMockIndex rebuilds only the parts of the
 * documents whose position moved (a document created before this read model existed has none: always read).
 */
export interface MockDocPositionDoc extends Doc {
  projectId: number;
  position: number;
}

export const mockSettings = readModel<MockSettingsDoc>('mockSettings');
export const mockDocPositions = readModel<MockDocPositionDoc>('mockDocPositions', [{ fields: { projectId: 1 } }]);
export const mockExpectations = readModel<MockExpectationsDoc>('mockExpectations', [{ fields: { projectId: 1 } }]);

/** The settings of a project that never saved any. */
export const defaultMockSettings = (projectId: number): MockSettingsDoc => ({
  _id: String(projectId),
  projectId,
  ...DEFAULT_MOCK_SETTINGS,
  token: '',
  position: 0,
});

/** Applies a change to the project's settings document once (events may come twice: the position says). */
async function onStream(
  event: Recorded<MockConfigEvent>,
  store: ReadStore,
  change: (doc: MockSettingsDoc) => Partial<MockSettingsDoc>,
  apply?: (projectId: number) => Promise<void>,
) {
  const projectId = parseStreamId(event.metadata.streamId, 'projectMock');
  const current = (await mockSettings(store).findOne({ _id: String(projectId) })) ?? defaultMockSettings(projectId);
  if (current.position >= event.metadata.globalPosition) return;
  await apply?.(projectId);
  await mockSettings(store).put({ ...current, ...change(current), position: event.metadata.globalPosition });
}

export const mockConfigProjection = projection({
  name: 'mockConfig',
  source: ownLog<MockConfigEvent | DocEvent>(),
  on: {
    DocCreated: async (event, store) => {
      const { docId, projectId } = event.data;
      await mockDocPositions(store).put({ _id: String(docId), projectId, position: event.metadata.globalPosition });
    },
    DocSaved: async (event, store) => {
      const _id = String(parseStreamId(event.metadata.streamId, 'projectDoc'));
      await mockDocPositions(store).updateOne({ _id }, { $set: { position: event.metadata.globalPosition } });
    },
    DocDeleted: async (event, store) => {
      await mockDocPositions(store).deleteOne({ _id: String(parseStreamId(event.metadata.streamId, 'projectDoc')) });
    },
    MockSettingsSaved: (event, store) =>
      onStream(event, store, () => ({ access: event.data.access, validateRequests: event.data.validateRequests })),
    MockTokenIssued: (event, store) => onStream(event, store, () => ({ token: event.data.token })),
    MockExpectationsSaved: (event, store) =>
      onStream(
        event,
        store,
        () => ({}),
        async (projectId) => {
          const { projectStructureId, expectations } = event.data;
          const _id = String(projectStructureId);
          if (expectations.length === 0) await mockExpectations(store).deleteOne({ _id });
          else await mockExpectations(store).put({ _id, projectId, projectStructureId, expectations });
        },
      ),
  },
});
