import { describe, expect, it } from 'vitest';
import type { EventBus } from '../src/eventBus/types.js';
import type { EventStore, RecordedEvent, Subscription } from '../src/eventStore/types.js';
import { publishedBy, type Recorded, upcast } from '../src/events/contract.js';
import { reaction } from '../src/events/reactions.js';
import { documentProjection, readModel } from '../src/projections/index.js';
import { createMemoryReadStore } from '../src/readStore/memory.js';
import type { Doc } from '../src/readStore/types.js';

/**
 * The team contract after a rename: version 2 of `OwnershipTransferred` names the owners `previousOwnerId` and
 * `ownerId` where version 1, still in every team log written before, said `from` and `to`.
 */
interface TeamEvents {
  TeamCreated: { version: 1; data: { teamId: number; ownerId: number } };
  OwnershipTransferred: {
    version: 2;
    data: { previousOwnerId: number; ownerId: number };
    earlier: { 1: { from: number; to: number } };
  };
}

/** Registered once, with the consumer's view of the topic: every reader of the source gets version 2. */
const team = publishedBy<TeamEvents>('team', {
  OwnershipTransferred: { 1: ({ from, to }) => ({ previousOwnerId: from, ownerId: to }) },
});

let position = 0;
const recorded = (type: string, data: object, schemaVersion?: number): RecordedEvent => ({
  type,
  data,
  metadata: {
    eventId: `e${++position}`,
    streamId: 'team-7',
    version: position,
    globalPosition: position,
    at: 0,
    schemaVersion,
  },
});

const created = recorded('TeamCreated', { teamId: 7, ownerId: 1 });
const transferredV1 = recorded('OwnershipTransferred', { from: 1, to: 2 });
const transferredV2 = recorded('OwnershipTransferred', { previousOwnerId: 2, ownerId: 3 }, 2);

describe('upcasting a changed event', () => {
  it('turns the data of an earlier version into the current shape, and leaves the current one alone', () => {
    expect(upcast(transferredV1, team.upcasters).data).toEqual({ previousOwnerId: 1, ownerId: 2 });
    expect(upcast(transferredV2, team.upcasters)).toBe(transferredV2);
    expect(upcast(created, team.upcasters)).toBe(created);
  });

  it('feeds a read model written against the current version from a log that holds both', async () => {
    interface OwnerDoc extends Doc {
      teamId: number;
      ownerId: number;
      formerOwnerIds: number[];
    }
    const owners = readModel<OwnerDoc>('owners');
    const projection = documentProjection({
      source: team,
      collection: owners,
      stream: 'team',
      on: {
        TeamCreated: ({ data }) => ({ teamId: data.teamId, ownerId: data.ownerId, formerOwnerIds: [] }),
        OwnershipTransferred: ({ data }, doc) =>
          doc && { ...doc, ownerId: data.ownerId, formerOwnerIds: [...doc.formerOwnerIds, data.previousOwnerId] },
      },
    });
    const store = createMemoryReadStore();
    for (const event of [created, transferredV1, transferredV2]) await projection.handle(event, store);
    expect(await owners(store).findOne({ _id: '7' })).toMatchObject({ ownerId: 3, formerOwnerIds: [1, 2] });
  });

  it('hands a reaction the current version too', async () => {
    let deliver: (events: RecordedEvent[]) => Promise<void> = async () => {};
    const bus: EventBus = {
      subscribe: async (options) => {
        deliver = options.handler;
        return {} as Subscription;
      },
      close: async () => {},
    };
    const seen: Recorded<{ type: 'OwnershipTransferred'; data: TeamEvents['OwnershipTransferred']['data'] }>[] = [];
    await reaction({
      name: 'owners',
      source: team,
      on: { OwnershipTransferred: async (event) => void seen.push(event) },
    }).start({
      eventBus: bus,
      eventStore: {} as EventStore,
      readStore: createMemoryReadStore(),
    });
    await deliver([created, transferredV1, transferredV2]);
    expect(seen.map((event) => event.data)).toEqual([
      { previousOwnerId: 1, ownerId: 2 },
      { previousOwnerId: 2, ownerId: 3 },
    ]);
  });
});
