import { request } from '../api/request';
import { type SessionUser, selectTeam, setUser } from './session';

type UserInfoAnswer = Omit<SessionUser, 'roles'> | null;

let pending: Promise<SessionUser> | null = null;

/** Loads the signed-in user once at a time; SPEC §6: every loaded user gets the admin role. */
export function loadUser(): Promise<SessionUser> {
  pending ??= request<UserInfoAnswer>('userInfo/getUserInfo', {}, { notify: false })
    .then((data) => {
      if (!data) throw new Error('app.guard.verification_failed');
      const user: SessionUser = { ...data, roles: ['admin'], userTeam: data.userTeam ?? [] };
      selectTeam(user.userTeam, user.activeTeamId);
      setUser(user);
      return user;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
