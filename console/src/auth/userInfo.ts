import type { FeedbackAccess } from '@pmbok/api-types';
import { request } from '../api/request';
import { type SessionUser, selectTeam, setUser } from '../session/session';

type UserInfoAnswer = Omit<SessionUser, 'roles'> | null;

/** The role of the instance's administrators, who read every user's feedback. */
export const INSTANCE_ADMIN = 'instanceAdmin';

/** Whether the server lets this user read feedback; a failed answer only hides that screen. */
const feedbackAccess = () =>
  request<FeedbackAccess>('feedback/access', {}, { notify: false }).then(
    (answer) => answer.canList,
    () => false,
  );

let pending: Promise<SessionUser> | null = null;

/** Loads the signed-in user once at a time; SPEC §6: every loaded user gets the admin role. */
export function loadUser(): Promise<SessionUser> {
  pending ??= Promise.all([request<UserInfoAnswer>('userInfo/getUserInfo', {}, { notify: false }), feedbackAccess()])
    .then(([data, readsFeedback]) => {
      if (!data) throw new Error('app.guard.verification_failed');
      const roles = readsFeedback ? ['admin', INSTANCE_ADMIN] : ['admin'];
      const user: SessionUser = { ...data, roles, userTeam: data.userTeam ?? [] };
      selectTeam(user.userTeam, user.activeTeamId);
      setUser(user);
      return user;
    })
    .finally(() => {
      pending = null;
    });
  return pending;
}
