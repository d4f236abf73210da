import type { RuntimeConfig } from '@pmbok/infra';

const frame = (lines: string[]) => {
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '#'.repeat(width);
  return ['', bar, ...lines.map((l) => `# ${l.padEnd(width - 4)} #`), bar, ''].join('\n');
};

/**
 * What a person starting the server must not miss, printed in large letters: development mode publishes every
 * SMS code over HTTP, and the console provider sends none (the codes appear in this terminal).
 */
export function startBanner(config: RuntimeConfig): string | null {
  if (config.devMode)
    return frame([
      'DEVELOPMENT MODE (PMBOK_DEV_MODE=1)',
      '',
      "GET /pmbok/dev/sms-outbox answers ANY account's SMS code to ANYONE.",
      'Never expose this server to other people. Unset PMBOK_DEV_MODE for real use.',
    ]);
  if (config.smsProvider === 'console')
    return frame([
      'SMS_PROVIDER=console: no text message is sent.',
      'Sign-in and registration codes are printed in this terminal (look for "SMS not sent").',
      'Configure SMS_PROVIDER=aliyun or tencent before inviting real users (docs/sms.md).',
    ]);
  return null;
}
