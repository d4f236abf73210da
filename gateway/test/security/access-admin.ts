import type { InjectOptions } from 'fastify';
import type { Actors, Least, World } from './world.js';

/** How one admin REST route (react-admin's surface, HTTP statuses) is reached, keyed `METHOD /path`. */
export interface AdminAccess {
  least: Exclude<Least, 'public' | 'self'>;
  request(c: { w: World; a: Actors }): Pick<InjectOptions, 'method' | 'url' | 'payload'>;
  fresh?: boolean;
}

const members = '/pmbok/admin/teamUsers';

/** The team's members (T, chosen by the `x-team-id` header). */
export const adminAccess: Record<string, AdminAccess> = {
  [`GET ${members}`]: { least: 'teamMember', request: () => ({ method: 'GET', url: `${members}?range=[0,9]` }) },
  [`GET ${members}/:id`]: {
    least: 'teamMember',
    request: ({ a }) => ({ method: 'GET', url: `${members}/${a.owner.userId}` }),
  },
  [`PUT ${members}/:id`]: {
    least: 'owner',
    request: ({ a }) => ({ method: 'PUT', url: `${members}/${a.teamMember.userId}`, payload: { role: 'member' } }),
  },
  [`DELETE ${members}/:id`]: {
    least: 'admin',
    request: ({ a }) => ({ method: 'DELETE', url: `${members}/${a.teamMember.userId}` }),
    fresh: true,
  },
};
