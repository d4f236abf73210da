import { serviceMain } from '@pmbok/infra';
import { startMessagingService } from './index.js';

serviceMain('messaging', startMessagingService, 50055);
