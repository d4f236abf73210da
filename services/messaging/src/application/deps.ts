import type { ServiceContext } from '@pmbok/infra';
import type { WorkDirectory } from '../projections/work/types.js';
import type { Unread } from './unread.js';

/** What every part of the messaging service's use cases is made from. */
export interface MessagingPartDeps extends Pick<ServiceContext, 'runtime' | 'logger' | 'now' | 'runCommand'> {
  /** The other services' world as the bus told it (members, names, targets). */
  work: WorkDirectory;
  /** The badge: counts and pushes it (200201). */
  unread: Unread;
  /** Variables over the process environment for PMBOK_* settings (tests start several services in one process). */
  env: Record<string, string | undefined>;
}
