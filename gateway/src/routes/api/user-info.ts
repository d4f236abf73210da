import { defineCall } from '../../plugins/api.js';

/** The signed-in user's own account (SPEC §7 User info). */
export const userInfoCalls = [
  defineCall({
    module: 'userInfo',
    call: 'getUserInfo',
    access: 'user',
    fields: {},
    async handle(_body, { services, metadata }) {
      const { user } = await services.auth.getUserInfo({}, { metadata });
      if (!user) throw new Error('auth service answered without a user');
      return {
        ...user,
        name: user.nickname,
        // SPEC §6: every signed-in user gets the admin route set; team roles are checked by the services.
        roles: ['admin'],
        // Filled from the team service once teams exist (team issue).
        userTeam: [],
      };
    },
  }),
  defineCall({
    module: 'userInfo',
    call: 'logout',
    access: 'user',
    fields: {},
    async handle(_body, { services, metadata }) {
      await services.auth.logout({}, { metadata });
      return null;
    },
  }),
];
