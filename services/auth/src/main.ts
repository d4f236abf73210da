import { serviceMain } from '@pmbok/infra';
import { startAuthService } from './index.js';

serviceMain('auth', startAuthService, 50051);
