import { serviceMain } from '@pmbok/infra';
import { startTeamService } from './index.js';

serviceMain('team', startTeamService, 50052);
