import type { TranslationMessages } from 'react-admin';
import { aiMessagesZh } from '../ai/messages';
import { chatMessagesZh } from '../chat/messages';
import { homeMessagesZh } from '../home/messages';
import { authorMessagesZh } from '../knowledge/author/messages';
import { editorMessagesZh } from '../knowledge/editor/messages';
import { fieldMessagesZh } from '../knowledge/fields/messages';
import { localMessagesZh } from '../knowledge/local/messages';
import { knowledgeMessagesZh } from '../knowledge/messages';
import { mockMessagesZh } from '../knowledge/mock/messages';
import { diffMessagesZh } from '../knowledge/publishing/diff/messages';
import { historyMessagesZh } from '../knowledge/publishing/history/messages';
import { ioMessagesZh } from '../knowledge/publishing/io/messages';
import { shareMessagesZh } from '../knowledge/publishing/share/messages';
import { versionMessagesZh } from '../knowledge/publishing/versions/messages';
import { testMessagesZh } from '../knowledge/tests/messages';
import { docMessagesZh } from '../knowledge/workspace/messages';
import { taskMessagesZh } from '../tasks/messages';
import { workMessagesZh } from '../work/messages';
import { zhCNCore } from './zhCore';

// The screens' messages (each folder's own set), added to the core set; the complete zh-CN set is both.
const screens = {
  ai: aiMessagesZh,
  chat: chatMessagesZh,
  home: homeMessagesZh,
  work: workMessagesZh,
  ...taskMessagesZh,
  knowledge: {
    ...knowledgeMessagesZh,
    doc: docMessagesZh,
    editor: editorMessagesZh,
    local: localMessagesZh,
    author: authorMessagesZh,
    io: ioMessagesZh,
    version: versionMessagesZh,
    history: historyMessagesZh,
    share: shareMessagesZh,
    diff: diffMessagesZh,
    field: fieldMessagesZh,
    mock: mockMessagesZh,
    tests: testMessagesZh,
  },
};

const app = { ...zhCNCore.app, ...screens };

/** Complete zh-CN set: react-admin's own keys (ra.*) followed by the application's (app.*). */
export const zhCN: TranslationMessages = { ...zhCNCore, app };
export type AppMessages = typeof app;
