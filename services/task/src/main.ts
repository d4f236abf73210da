import { serviceMain } from '@pmbok/infra';
import { startTaskService } from './index.js';

serviceMain('task', startTaskService, 50054);
