import { serviceMain } from '@pmbok/infra';
import { startProjectService } from './index.js';

serviceMain('project', startProjectService, 50053);
