import type { Static } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';
import { id } from '../../schemas/fields.js';
import * as mock from '../../schemas/mock.js';
import { flag, flagOf, inProject, knowledgeCall, onNode, optionalName, projectId } from './project-common.js';

/**
 * The mock's settings and an api document's expectations (docs/api/mock-and-fields.md, "Mock settings and
 * expectations"). The mock server itself is routes/mock.ts; saving here drops the project's compiled mock index
 * (project-common.ts), so the next mock answer follows.
 */

/** 50 expectations of up to 1 MB each, percent-encoded in a form body: bounded well above what a screen sends. */
const EXPECTATIONS_TEXT = 6 * 1024 * 1024;
const EXPECTATIONS_BODY = 3 * EXPECTATIONS_TEXT;

const parsed = <T>(json: string): T => JSON.parse(json || 'null') as T;

export function projectMockCalls() {
  const call = knowledgeCall('project');
  return [
    call('mockSettings', projectId, mock.MockSettings, async (b, c) => {
      const { settingsJson } = await c.services.project.getMockSettings(inProject(b), { metadata: c.metadata });
      return parsed<Static<typeof mock.MockSettings>>(settingsJson);
    }),
    call(
      'saveMockSettings',
      { ...projectId, access: optionalName(['token', 'public']), validateRequests: flag, resetToken: flag },
      mock.MockSettings,
      async (b, c) => {
        const validate = flagOf(b.validateRequests);
        const request = {
          ...inProject(b),
          access: b.access ?? '',
          // The rpc's 0 leaves it, 1 on, 2 off.
          validateRequests: validate === undefined ? 0 : validate ? 1 : 2,
          resetToken: flagOf(b.resetToken) === true,
        };
        const { settingsJson } = await c.services.project.saveMockSettings(request, { metadata: c.metadata });
        return parsed<Static<typeof mock.MockSettings>>(settingsJson);
      },
    ),
    call('mockExpectations', { ...projectId, projectStructureId: id }, mock.MockExpectationList, async (b, c) => {
      const { expectationsJson } = await c.services.project.listMockExpectations(onNode(b), { metadata: c.metadata });
      return parsed<Static<typeof mock.MockExpectationList>>(expectationsJson);
    }),
    call(
      'saveMockExpectations',
      // The list's shape is checked by the service, which names the expectation and field in its refusals.
      { ...projectId, projectStructureId: id, expectations: Type.String({ maxLength: EXPECTATIONS_TEXT }) },
      mock.MockExpectationList,
      async (b, c) => {
        const request = { ...onNode(b), expectationsJson: b.expectations };
        const { expectationsJson } = await c.services.project.saveMockExpectations(request, { metadata: c.metadata });
        return parsed<Static<typeof mock.MockExpectationList>>(expectationsJson);
      },
      { bodyLimit: EXPECTATIONS_BODY },
    ),
  ];
}
