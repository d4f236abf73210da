import { type Caller, forbidden, notFound } from '@pmbok/infra';
import { messages } from '../../domain/webhook/businessLogic.js';
import type { WebhookPlace } from '../../domain/webhook/webhook.js';
import { type WebhookDoc, webhooks } from '../../projections/webhooks/index.js';
import type { ScopeInfo } from '../../projections/work/types.js';
import type { MessagingPartDeps } from '../deps.js';

type Place = Pick<WebhookPlace, 'scope' | 'projectId' | 'projectKind'>;

/**
 * Who manages a scope's webhooks: the team's owner and administrators, or the project's (docs/api/messaging.md).
 * Everyone else, a project of another team and an unknown project get the same refusal.
 */
export function createWebhookAccess(deps: Pick<MessagingPartDeps, 'work' | 'logger' | 'runtime'>) {
  const scopeOf = (place: Place, teamId: number): Promise<ScopeInfo | null> => {
    if (place.scope === 'team') return deps.work.team(teamId);
    return place.projectKind === 'api' ? deps.work.project(place.projectId) : deps.work.taskProject(place.projectId);
  };
  const manages = async (place: Place, caller: Caller) => {
    const info = await scopeOf(place, caller.teamId);
    return info !== null && info.teamId === caller.teamId && info.managers.includes(caller.userId);
  };

  /** Refuses unless the caller manages the scope in their current team (asked again once the bus has caught up). */
  async function requireManager(place: Place, caller: Caller) {
    if (!caller.teamId) throw forbidden(messages.notManager);
    if (await manages(place, caller)) return;
    await deps.work.caughtUp(2_000).catch((error) => deps.logger.warn({ err: error }, 'work did not catch up'));
    if (!(await manages(place, caller))) throw forbidden(messages.notManager);
  }

  /** A webhook of the caller's team that the caller manages; another team's is as unknown as a missing one. */
  async function managedWebhook(webhookId: number, caller: Caller): Promise<WebhookDoc> {
    const doc = await webhooks(deps.runtime.readStore).findOne({ _id: String(webhookId) });
    if (!doc || doc.teamId !== caller.teamId) throw notFound(messages.notFound);
    await requireManager(doc, caller);
    return doc;
  }

  return { requireManager, managedWebhook };
}
