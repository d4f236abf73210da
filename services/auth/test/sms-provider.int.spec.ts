import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startAuthService } from '@pmbok/auth-service';
import {
  apiCodeOf,
  callerMetadata,
  connectService,
  createLogger,
  loadRuntimeConfig,
  type RunningService,
} from '@pmbok/infra';
import { authv1 } from '@pmbok/proto';
import { ClientError, Status } from 'nice-grpc-common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeTencent, startFakeTencent, TENCENT } from '../../../infra/test/sms-fakes/tencent.js';

/** The auth service with SMS_PROVIDER=tencent, sending to a local server that checks signatures. */
describe('auth service with a real SMS provider', () => {
  let fake: FakeTencent;
  let auth: RunningService;
  let connection: ReturnType<typeof connectService<typeof authv1.AuthServiceDefinition>>;

  beforeAll(async () => {
    fake = await startFakeTencent();
    const env = {
      DATA_DIR: mkdtempSync(join(tmpdir(), 'pmbok-auth-sms-')),
      EVENT_STORE_SYNC: 'normal',
      MONGO_URL: '',
      KAFKA_BROKERS: '',
      NATS_URL: '',
      PMBOK_DEV_MODE: '1',
      SMS_PROVIDER: 'tencent',
      TENCENT_SMS_SECRET_ID: TENCENT.secretId,
      TENCENT_SMS_SECRET_KEY: TENCENT.secretKey,
      TENCENT_SMS_SDK_APP_ID: TENCENT.sdkAppId,
      TENCENT_SMS_SIGN_NAME: TENCENT.signName,
      TENCENT_SMS_TEMPLATE_ID: TENCENT.templateId,
      TENCENT_SMS_INVITE_TEMPLATE_ID: TENCENT.inviteTemplateId,
      TENCENT_SMS_ENDPOINT: fake.origin,
    };
    auth = await startAuthService({
      config: loadRuntimeConfig(env),
      logger: createLogger('test', 'silent'),
      host: '127.0.0.1',
      port: 0,
    });
    connection = connectService(authv1.AuthServiceDefinition, auth.address);
  });

  afterAll(async () => {
    connection?.close();
    await auth?.stop();
    await fake?.close();
  });

  const sendRegisterCode = (telephone: string, clientIp = '10.1.0.1') =>
    connection.client.sendSmsCode(
      { telephone, smsType: authv1.SmsType.SMS_TYPE_REGISTER },
      { metadata: callerMetadata({ clientIp }) },
    );

  /** What the gateway would answer: the API code and the message of a refused call. */
  async function refusalOf(call: Promise<unknown>) {
    const error = await call.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ClientError);
    const { code, details } = error as ClientError;
    return { apiCode: apiCodeOf(code), status: Status[code], msg: details };
  }

  it('sends the registration code through the provider with the code template', async () => {
    await expect(sendRegisterCode('13900000001')).resolves.toEqual({ resendAfterSeconds: 60 });
    const sent = fake.sent.at(-1);
    expect(sent).toMatchObject({ PhoneNumberSet: ['+8613900000001'], TemplateId: TENCENT.templateId });
    expect(sent?.TemplateParamSet).toEqual([expect.stringMatching(/^\d{6}$/)]);
  });

  it("answers code 400 with the provider's quota, in words the user understands", async () => {
    fake.failNext('LimitExceeded.PhoneNumberDailyLimit');
    expect(await refusalOf(sendRegisterCode('13900000002'))).toEqual({
      apiCode: 400,
      status: 'RESOURCE_EXHAUSTED',
      msg: '该手机号今日接收短信已达上限，请明天再试',
    });
  });

  it('answers code 400, not 500, when the provider cannot send (balance, signature)', async () => {
    fake.failNext('FailedOperation.InsufficientBalanceInSmsPackage');
    expect(await refusalOf(sendRegisterCode('13900000003'))).toMatchObject({
      apiCode: 400,
      msg: '短信服务暂时不可用，请稍后再试',
    });
  });

  it('keeps no development outbox with a real provider, even in development mode', async () => {
    expect(await refusalOf(connection.client.getDevSmsOutbox({ telephone: '13900000001' }))).toMatchObject({
      status: 'FAILED_PRECONDITION',
    });
  });
});
