import { DomainError } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { checkInput, messages, webhookDecider } from '../src/domain/webhook/businessLogic.js';
import { deliveryDecider, retryDelaysOf } from '../src/domain/webhookDelivery/businessLogic.js';
import type { DeliveryEvent } from '../src/domain/webhookDelivery/delivery.js';

const input = {
  name: ' 研发群 ',
  kind: 'feishu',
  url: 'https://open.feishu.cn/open-apis/bot/v2/hook/abc',
  secret: '',
  clearSecret: false,
  events: ['task.assigned', 'task.assigned', 'doc.changed'],
  enabled: true,
};
const refusal = (change: Partial<typeof input>) => {
  try {
    checkInput({ ...input, ...change });
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    return (error as DomainError).message;
  }
  return 'accepted';
};

describe('webhook input', () => {
  it('is trimmed and its events deduplicated', () => {
    const checked = checkInput(input);
    expect(checked.name).toBe('研发群');
    expect(checked.events).toEqual(['task.assigned', 'doc.changed']);
  });

  it('is refused with the messages the console shows', () => {
    expect(refusal({ name: '  ' })).toBe(messages.nameRequired);
    expect(refusal({ name: '名'.repeat(51) })).toBe(messages.nameTooLong);
    expect(refusal({ name: '名'.repeat(50) })).toBe('accepted');
    expect(refusal({ kind: 'slack' })).toBe(messages.kind);
    expect(refusal({ url: '' })).toBe(messages.urlRequired);
    expect(refusal({ url: 'ftp://example.com/x' })).toBe(messages.urlScheme);
    expect(refusal({ url: `https://example.com/${'a'.repeat(2000)}` })).toBe(messages.urlTooLong);
    expect(refusal({ url: 'https://exa mple.com/' })).toBe(messages.urlFormat);
    expect(refusal({ secret: 's'.repeat(201) })).toBe(messages.secretTooLong);
    expect(refusal({ events: [] })).toBe(messages.eventsRequired);
    expect(refusal({ events: ['task.assigned', 'team.exploded'] })).toBe(messages.eventUnknown('team.exploded'));
  });
});

const place = { webhookId: 5, teamId: 1, scope: 'team' as const, projectId: 0, projectKind: '' as const };
const save = (secret: string, clearSecret = false) => ({
  type: 'SaveWebhook' as const,
  data: { ...place, ...checkInput(input), url: input.url, secret, clearSecret },
  metadata: { now: 10 },
});

describe('webhook decider', () => {
  it('keeps the secret when a save leaves it empty, and removes it when asked', () => {
    const created = webhookDecider.decide(save('s1'), webhookDecider.initialState());
    const state = created.reduce(webhookDecider.evolve, webhookDecider.initialState());
    const kept = webhookDecider.decide(save(''), state);
    expect(kept[0]).toMatchObject({ type: 'WebhookUpdated', data: { secret: 's1' } });
    expect(webhookDecider.decide(save('', true), state)[0]).toMatchObject({ data: { secret: '' } });
    const deleted = [
      ...created,
      ...webhookDecider.decide({ type: 'DeleteWebhook', data: { webhookId: 5 }, metadata: { now: 11 } }, state),
    ];
    const gone = deleted.reduce(webhookDecider.evolve, webhookDecider.initialState());
    expect(() => webhookDecider.decide(save('x'), gone)).toThrow(messages.notFound);
  });
});

describe('delivery decider', () => {
  const queued: DeliveryEvent = {
    type: 'DeliveryQueued',
    data: {
      deliveryId: 9,
      webhookId: 5,
      activityId: 3,
      test: false,
      createdAt: 0,
      nextAttemptAt: 0,
      event: 'task.assigned',
      title: 't',
      summary: '',
      link: '',
      teamId: 1,
      projectId: 0,
      actor: { id: 1, name: 'a' },
      at: 0,
    },
  };
  const failedAt = (at: number) => ({
    type: 'RecordAttempt' as const,
    data: {
      attempt: { at, statusCode: 500, error: 'HTTP 500', durationMs: 3 },
      delivered: false,
      retryDelaysMs: [10, 60],
    },
  });

  it('schedules each retry after its delay, then gives up', () => {
    let events: DeliveryEvent[] = [queued];
    const step = (command: ReturnType<typeof failedAt>) => {
      const state = events.reduce(deliveryDecider.evolve, deliveryDecider.initialState());
      const made = deliveryDecider.decide(command, state);
      events = [...events, ...made];
      return made;
    };
    expect(step(failedAt(100))).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ nextAttemptAt: 110 }) }),
    ]);
    expect(step(failedAt(110))).toEqual([
      expect.objectContaining({ data: expect.objectContaining({ nextAttemptAt: 170 }) }),
    ]);
    expect(step(failedAt(170)).map((event) => event.type)).toEqual(['AttemptRecorded', 'DeliveryFailed']);
    expect(step(failedAt(200))).toEqual([]);
  });

  it('queues a delivery once', () => {
    const state = [queued].reduce(deliveryDecider.evolve, deliveryDecider.initialState());
    expect(deliveryDecider.decide({ type: 'QueueDelivery', data: queued.data }, state)).toEqual([]);
  });

  it('reads PMBOK_WEBHOOK_RETRY_MS, keeping the default for anything malformed', () => {
    expect(retryDelaysOf('50, 100')).toEqual([50, 100]);
    expect(retryDelaysOf(undefined)).toEqual([10_000, 60_000, 300_000, 1_800_000]);
    expect(retryDelaysOf('50,x')).toEqual([10_000, 60_000, 300_000, 1_800_000]);
  });
});
