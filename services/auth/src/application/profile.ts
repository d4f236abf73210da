import { randomUUID } from 'node:crypto';
import { verify } from '@node-rs/argon2';
import { type Caller, fold, invalid, notFound } from '@pmbok/infra';
import { fileTypeFromBuffer } from 'file-type';
import { checkNewPassword, checkSmsCodeShape, checkTelephone, maskTelephone, messages } from '../domain/rules.js';
import { type UserCommand, userDecider } from '../domain/user/businessLogic.js';
import { userStreamId } from '../domain/user/user.js';
import { ownedTeamWithMembers } from '../projections/ownedTeams/index.js';
import { findUserById, findUserByTelephone, toProfile, users } from '../projections/users/index.js';
import { type AuthContext, hashPassword } from './context.js';

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'image/bmp']);

/** The signed-in user's own account: profile, password, telephone, people invited, uploads. */
export function createProfiles(context: AuthContext) {
  const { eventStore, readStore, now, runCommand, consumeSmsCode, claimIdentifier, releaseIdentifier } = context;
  const { blobStore } = context.deps.runtime;

  const userOf = async (userId: number) => {
    const user = await findUserById(readStore, userId);
    if (!user) throw notFound('用户不存在');
    return user;
  };

  /** Checks a command against the current state before claiming anything for it. */
  const currentState = async (caller: Caller) =>
    fold(userDecider, await eventStore.readStream(userStreamId(caller.userId)));

  async function run(caller: Caller, command: UserCommand) {
    await runCommand(userStreamId(caller.userId), userDecider, command, caller);
  }

  return {
    get: async (userId: number) => toProfile(await userOf(userId)),

    async update(
      caller: Caller,
      changes: Partial<{ nickname: string; trueName: string; avatar: string; introduction: string; sex: number }>,
    ) {
      const current = await userOf(caller.userId);
      const { nickname, trueName, avatar, introduction, sex } = { ...current, ...changes };
      await run(caller, { type: 'UpdateProfile', data: { nickname, trueName, avatar, introduction, sex } });
      return toProfile(await userOf(caller.userId));
    },

    async changePassword(caller: Caller, input: { oldPassword: string; password: string; repeatPassword: string }) {
      const user = await userOf(caller.userId);
      if (!(await verify(user.passwordHash, input.oldPassword))) throw invalid('原密码错误');
      checkNewPassword(input.password, input.repeatPassword);
      const passwordHash = await hashPassword(input.password);
      await run(caller, { type: 'ChangePassword', data: { passwordHash, keepSessionId: caller.sessionId } });
    },

    async changeTelephone(caller: Caller, input: { telephone: string; code: string }) {
      checkTelephone(input.telephone);
      checkSmsCodeShape(input.code);
      const user = await userOf(caller.userId);
      if (await findUserByTelephone(readStore, input.telephone)) throw invalid(messages.alreadyRegistered);
      await consumeSmsCode(input.telephone, 4, input.code, caller);
      await claimIdentifier('telephone', input.telephone, caller.userId, caller);
      await run(caller, {
        type: 'ChangeTelephone',
        data: { telephone: input.telephone, keepSessionId: caller.sessionId },
      });
      await releaseIdentifier('telephone', user.telephone, caller.userId, caller);
      return toProfile(await userOf(caller.userId));
    },

    async bindEmail(caller: Caller, email: string) {
      await run(caller, { type: 'BindEmail', data: { email: email.trim() } });
      return toProfile(await userOf(caller.userId));
    },

    /** The name is claimed first (unique across accounts), then bound; the old one is released. */
    async bindUsername(caller: Caller, username: string) {
      const name = username.trim();
      const user = await userOf(caller.userId);
      userDecider.decide({ type: 'BindUsername', data: { username: name } }, await currentState(caller));
      await claimIdentifier('username', name, caller.userId, caller);
      await run(caller, { type: 'BindUsername', data: { username: name } });
      if (user.username && user.username.toLowerCase() !== name.toLowerCase()) {
        await releaseIdentifier('username', user.username, caller.userId, caller);
      }
      return toProfile(await userOf(caller.userId));
    },

    async clearUsername(caller: Caller) {
      const user = await userOf(caller.userId);
      await run(caller, { type: 'ClearUsername' });
      if (user.username) await releaseIdentifier('username', user.username, caller.userId, caller);
      return toProfile(await userOf(caller.userId));
    },

    async sendDestroyCode(caller: Caller, send: (telephone: string) => Promise<{ resendAfterSeconds: number }>) {
      return send((await userOf(caller.userId)).telephone);
    },

    /** Closes the account: refused while it owns a team with other members; its identifiers become free. */
    async close(caller: Caller, code: string) {
      checkSmsCodeShape(code);
      const user = await userOf(caller.userId);
      const ownsTeamWithMembers = await ownedTeamWithMembers(readStore, caller.userId);
      const anonymisedName = `已注销用户${String(caller.userId).slice(-4)}`;
      userDecider.decide(
        { type: 'CloseAccount', data: { anonymisedName, ownsTeamWithMembers } },
        await currentState(caller),
      );
      await consumeSmsCode(user.telephone, 5, code, caller);
      await run(caller, { type: 'CloseAccount', data: { anonymisedName, ownsTeamWithMembers } });
      await releaseIdentifier('telephone', user.telephone, caller.userId, caller);
      if (user.username) await releaseIdentifier('username', user.username, caller.userId, caller);
      for (const { openid } of user.wechat ?? []) await releaseIdentifier('wechat', openid, caller.userId, caller);
    },

    /** People who registered with my share code. */
    async invitees(caller: Caller) {
      const { shareCode } = await userOf(caller.userId);
      const invited = await users(readStore).find({ inviterShareCode: shareCode }, { sort: { createdAt: -1 } });
      return invited.map((u) => ({
        userId: u.userId,
        nickname: u.nickname,
        telephone: maskTelephone(u.telephone),
        createdAt: u.createdAt,
      }));
    },

    /** Stores an image after checking its bytes (not its name) are one of the accepted formats. */
    async uploadImage(caller: Caller, data: Uint8Array) {
      if (data.length === 0) throw invalid('请选择要上传的图片');
      if (data.length > MAX_IMAGE_BYTES) throw invalid('图片不能超过5MB');
      const type = await fileTypeFromBuffer(data);
      if (!type || !IMAGE_TYPES.has(type.mime)) throw invalid('只能上传 PNG、JPEG、GIF、WebP 或 BMP 图片');
      const key = `images/${caller.userId}/${now()}-${randomUUID()}.${type.ext}`;
      await blobStore.put(key, { data: Buffer.from(data), contentType: type.mime });
      return { key, url: `/pmbok/files/${key}`, contentType: type.mime, size: data.length };
    },

    async file(key: string) {
      if (!key.startsWith('images/')) throw notFound('文件不存在');
      const blob = await blobStore.get(key).catch(() => null);
      if (!blob) throw notFound('文件不存在');
      return blob;
    },
  };
}

export type Profiles = ReturnType<typeof createProfiles>;
