import { serviceMain } from '@pmbok/infra';
import { startAiService } from './index.js';

serviceMain('ai', startAiService, 50056);
