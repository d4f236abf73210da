import type { Harness } from '../harness.js';
import { accountAccess } from './access-accounts.js';
import { aiAccess } from './access-ai.js';
import { chatAccess } from './access-chat.js';
import { fieldCompareAccess } from './access-field-compare.js';
import { fieldAccess } from './access-fields.js';
import { historyAccess } from './access-history.js';
import { homeAccess } from './access-home.js';
import { importAccess } from './access-import.js';
import { messageAccess } from './access-messages.js';
import { mockAccess } from './access-mock.js';
import { projectAccess } from './access-projects.js';
import { shareAccess } from './access-share.js';
import { taskAccess } from './access-tasks.js';
import { teamAccess } from './access-teams.js';
import { testsAccess } from './access-tests.js';
import { versionAccess } from './access-versions.js';
import { webhookAccess } from './access-webhooks.js';
import type { Account, Actors, Least, Rung, World } from './world.js';

export interface AccessContext {
  h: Harness;
  w: World;
  a: Actors;
  /** The account the call is made as (for the anonymous rung, the owner's, whose token is not sent). */
  me: Account;
  /** The body is for the run that must be allowed (not for a refusal). */
  allowed: boolean;
}

export type Body = Record<string, string>;

/** How one call is reached: who may make it and a body that succeeds for that person. */
export interface Access {
  least: Least | 'instanceAdmin';
  /** A body from the seeded ids; `teamId` of T is added unless the body names its own. */
  body(c: AccessContext): Body | Promise<Body>;
  /** Envelope codes that mean "allowed" for the least role (200 unless the call answers otherwise by design). */
  ok?: number[];
  /** It changes what other rows rely on (roles, memberships, project state): it runs on a world of its own. */
  fresh?: boolean;
  /** It changes or ends the caller's own account or session: the allowed run is made by a new account. */
  ownAccount?: boolean;
  /** People refused besides those below `least` (a call whose right is not a rung, such as an invitation's). */
  refusedAlso?: Exclude<Rung, 'anonymous'>[];
  /** Its answer shows team T to anyone holding T's share code: no leak check on the allowed answer. */
  showsTeamToCodeHolder?: boolean;
  /**
   * The `authorization` header of the allowed run when it is no session's token (a project's API token for the test
   * CLI's calls); the refused rungs send their own session tokens.
   */
  authorization?(c: AccessContext): Promise<string>;
}

/** Every call of the route table, keyed `module/call`; the suite fails for a call without a row. */
export const accessTable: Record<string, Access> = {
  ...accountAccess,
  ...teamAccess,
  ...taskAccess,
  ...projectAccess,
  ...shareAccess,
  ...versionAccess,
  ...historyAccess,
  ...importAccess,
  ...mockAccess,
  ...fieldAccess,
  ...fieldCompareAccess,
  ...testsAccess,
  ...aiAccess,
  ...messageAccess,
  ...chatAccess,
  ...webhookAccess,
  ...homeAccess,
};

/** A telephone number's SMS code, sent for the purpose `call` names. */
export async function smsCodeFor(h: Harness, call: string, body: Body, telephone: string, token?: string) {
  const sent = await h.call(
    call,
    body,
    token,
    `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`,
  );
  if (sent.code !== 200) throw new Error(`${call}: ${sent.msg}`);
  return h.smsCode(telephone);
}
