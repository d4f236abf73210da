import type { ApiCall } from '../../plugins/api.js';
import { activityCalls } from './activity.js';
import { aiCalls } from './ai.js';
import { chatCalls } from './chat.js';
import { feedbackCalls } from './feedback.js';
import { messageCalls } from './messages.js';
import { projectCalls } from './project.js';
import { projectFieldCompareCalls } from './project-field-compare.js';
import { projectFieldCalls } from './project-fields.js';
import { projectHistoryCalls } from './project-history.js';
import { projectImportCalls } from './project-import.js';
import { projectMockCalls } from './project-mock.js';
import { projectShareCalls } from './project-share.js';
import { projectTestCalls } from './project-tests.js';
import { projectVersionCalls } from './project-versions.js';
import { qrLoginCalls } from './qr-login.js';
import { systemCalls } from './system.js';
import { taskCalls } from './task.js';
import { taskMineCalls } from './task-mine.js';
import { teamCalls } from './team.js';
import { userCalls } from './user.js';
import { userInfoCalls } from './user-info.js';
import { webhookCalls } from './webhooks.js';

/**
 * Every call under /pmbok/api, in one list: the app registers it and the security suite walks it, so a call added
 * here is served and covered by the authorization matrix and the malformed-input sweep the same day.
 */
export const apiCalls: ApiCall[] = [
  ...userCalls,
  ...qrLoginCalls,
  ...userInfoCalls,
  ...teamCalls,
  ...taskCalls,
  ...taskMineCalls,
  ...projectCalls,
  ...projectShareCalls(),
  ...projectVersionCalls(),
  ...projectImportCalls(),
  ...projectHistoryCalls(),
  ...projectFieldCalls(),
  ...projectFieldCompareCalls(),
  ...projectMockCalls(),
  ...projectTestCalls(),
  ...feedbackCalls,
  ...aiCalls,
  ...messageCalls,
  ...activityCalls,
  ...chatCalls,
  ...webhookCalls,
  ...systemCalls,
];
