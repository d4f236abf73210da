import type { AuthEvents } from '@pmbok/auth-service/events';
import {
  createMemoryReadStore,
  documentProjection,
  publishedBy,
  type RecordedEvent,
  reaction,
  teamMembers,
  teamMembersProjection,
} from '@pmbok/infra';
import type { TeamEvents } from '@pmbok/team-service/events';
import { describe, expect, it } from 'vitest';
import { peopleProjection } from '../src/projections/people/index.js';

let position = 0;
const event = (streamId: string, type: string, data: object): RecordedEvent => ({
  type,
  data,
  metadata: { eventId: `e${++position}`, streamId, version: position, globalPosition: position, at: position },
});

describe("the task service reads other services' events through their published contracts", () => {
  it('keeps the roster of a team from the team topic', async () => {
    const store = createMemoryReadStore();
    for (const recorded of [
      // The log holds more than the contract publishes (the share code); the projection never reads it.
      event('team-5', 'TeamCreated', {
        teamId: 5,
        name: 'A',
        ownerId: 1,
        poster: 0,
        shareCode: 'x',
        sourceProjectIds: [],
        sourceTaskProjectIds: [],
      }),
      event('team-5', 'MemberJoined', { userId: 1, role: 'owner', via: 'created', inviterId: 0 }),
      event('team-5', 'MemberJoined', { userId: 2, role: 'member', via: 'shareCode', inviterId: 1 }),
      event('team-5', 'TelephoneInvited', { telephone: '13800000000', inviterId: 1 }),
      event('team-5', 'OwnershipTransferred', { from: 1, to: 2 }),
    ]) {
      if (teamMembersProjection.canHandle.includes(recorded.type)) await teamMembersProjection.handle(recorded, store);
    }
    expect(teamMembersProjection.canHandle).not.toContain('TelephoneInvited');
    expect(await teamMembers(store).findOne({ _id: '5' })).toMatchObject({
      ownerId: 2,
      members: [
        { userId: 1, role: 'administrator' },
        { userId: 2, role: 'owner' },
      ],
    });
  });

  it('refuses, at compile time, a consumer that reads what the producer does not publish', () => {
    const team = publishedBy<TeamEvents>('team');
    const auth = publishedBy<AuthEvents>('auth');
    const people = peopleProjection.canHandle;
    documentProjection({
      source: auth,
      collection: teamMembers,
      stream: 'user',
      on: {
        // @ts-expect-error the password hash is in the auth log, not in its published contract
        UserRegistered: ({ data }) => ({ teamId: 0, ownerId: Number(data.passwordHash), members: [] }),
      },
    });
    reaction({
      name: 'probe',
      source: team,
      on: {
        // @ts-expect-error a team's share code is not published
        TeamCreated: async ({ data }) => void data.shareCode,
      },
    });
    // @ts-expect-error share codes stay inside the team service
    reaction({ name: 'probe', source: team, on: { ShareCodeRefreshed: async () => {} } });
    expect(people).toEqual(['UserRegistered', 'ProfileUpdated', 'AccountClosed']);
  });
});
