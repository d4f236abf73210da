import { setCommandId } from '@pmbok/infra';
import { ApiError, commandIdFrom, defineCall } from '../../plugins/api.js';
import { id, optionalId, optionalText, paging } from '../../schemas/fields.js';
import * as answers from '../../schemas/webhooks.js';
import { Nothing } from '../../schemas/wire.js';
import { flag, flagOf, optionalName } from './project-common.js';

/**
 * docs/api/messaging.md "Webhooks", served by the messaging service, which checks who manages the scope and the
 * rules (with the messages the console shows); the schemas only bound the body.
 */

/** A test attempt may take the target's 5 s: more than the default deadline of a call. */
const TEST_CALL_MS = 15_000;

const scope = {
  scope: optionalName(['team', 'project']),
  projectId: optionalId,
  projectKind: optionalName(['api', 'task']),
};

const scopeOf = (body: { scope?: string; projectId?: string; projectKind?: string }) => ({
  scope: body.scope || 'team',
  projectId: Number(body.projectId ?? 0),
  projectKind: body.projectKind ?? '',
});

/** `events`: JSON text of a list of notification kinds. */
function eventsOf(value: string | undefined): string[] {
  if (!value) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    throw new ApiError(400, '事件列表格式错误');
  }
  if (!Array.isArray(parsed) || parsed.length > 100 || !parsed.every((event) => typeof event === 'string')) {
    throw new ApiError(400, '事件列表格式错误');
  }
  return parsed as string[];
}

const webhookId = { webhookId: id };

export const webhookCalls = [
  defineCall({
    module: 'webhook',
    call: 'list',
    access: 'user',
    response: answers.WebhookList,
    fields: scope,
    async handle(body, { services, metadata }) {
      const { webhooks } = await services.messaging.listWebhooks(scopeOf(body), { metadata });
      return webhooks as answers.Webhook[];
    },
  }),
  defineCall({
    module: 'webhook',
    call: 'save',
    access: 'user',
    response: answers.Webhook,
    fields: {
      webhookId: optionalId,
      ...scope,
      name: optionalText(200),
      kind: optionalText(20),
      url: optionalText(4000),
      secret: optionalText(400),
      clearSecret: flag,
      events: optionalText(4000),
      enabled: flag,
    },
    async handle(body, { services, metadata, request }) {
      const commandId = commandIdFrom(request, 'webhook/save');
      if (commandId) setCommandId(metadata, commandId);
      const { webhook } = await services.messaging.saveWebhook(
        {
          webhookId: Number(body.webhookId || 0),
          ...scopeOf(body),
          name: body.name ?? '',
          kind: body.kind ?? '',
          url: body.url ?? '',
          secret: body.secret ?? '',
          clearSecret: flagOf(body.clearSecret) ?? false,
          events: eventsOf(body.events),
          enabled: flagOf(body.enabled) ?? true,
        },
        { metadata },
      );
      return webhook as answers.Webhook;
    },
  }),
  defineCall({
    module: 'webhook',
    call: 'delete',
    access: 'user',
    response: Nothing,
    fields: webhookId,
    async handle(body, { services, metadata, request }) {
      const commandId = commandIdFrom(request, 'webhook/delete');
      if (commandId) setCommandId(metadata, commandId);
      await services.messaging.deleteWebhook({ webhookId: Number(body.webhookId) }, { metadata });
      return null;
    },
  }),
  defineCall({
    module: 'webhook',
    call: 'test',
    access: 'user',
    response: answers.WebhookDelivery,
    fields: webhookId,
    async handle(body, { services, metadata }) {
      const { delivery } = await services.messaging.testWebhook(
        { webhookId: Number(body.webhookId) },
        { metadata, signal: AbortSignal.timeout(TEST_CALL_MS) },
      );
      return delivery as answers.WebhookDelivery;
    },
  }),
  defineCall({
    module: 'webhook',
    call: 'deliveries',
    access: 'user',
    response: answers.WebhookDeliveries,
    fields: { ...webhookId, ...paging },
    async handle(body, { services, metadata }) {
      const answer = await services.messaging.listWebhookDeliveries(
        { webhookId: Number(body.webhookId), page: body.page ?? 1, pageSize: body.pageSize ?? 20 },
        { metadata },
      );
      return { list: answer.deliveries as answers.WebhookDelivery[], total: answer.total };
    },
  }),
];
