import { describe, expect, it } from 'vitest';
import { validateCaptcha, validatePassword, validateRepeatPassword, validateTelephone } from '../src/login/validators';
import { describeUserAgent } from '../src/qrConfirm/describeUserAgent';

describe('the device a QR sign-in comes from', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36',
      { browser: 'Chrome 140', os: 'Windows 10/11' },
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/139.0.0.0 Safari/537.36 Edg/139.0.3405.86',
      { browser: 'Edge 139', os: 'Windows 10/11' },
    ],
    [
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      { browser: 'Safari 17', os: 'macOS 10.15' },
    ],
    [
      'Mozilla/5.0 (X11; Ubuntu; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0',
      { browser: 'Firefox 128', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/140.0.0.0 Safari/537.36',
      { browser: 'Chrome 140', os: 'Linux' },
    ],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50 NetType/WIFI',
      { browser: 'WeChat 8', os: 'iOS 17' },
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Mobile Safari/537.36',
      { browser: 'Chrome 140', os: 'Android 14' },
    ],
    ['curl/8.5.0', { browser: '', os: '' }],
    ['', { browser: '', os: '' }],
  ])('%s', (userAgent, expected) => {
    expect(describeUserAgent(userAgent)).toEqual(expected);
  });
});

describe('the SPEC §5 rules of the account forms', () => {
  it('takes mobile numbers starting 13, 14, 15, 17, 18 or 19 with 11 digits', () => {
    for (const telephone of ['13800000000', '14500000000', '19912345678']) {
      expect(validateTelephone(telephone)).toBeUndefined();
    }
    for (const telephone of ['12800000000', '1380000000', '138000000000', '', '1380000000a']) {
      expect(validateTelephone(telephone)).toBe('app.validation.telephone');
    }
  });

  it('wants 8 characters with a digit, a letter and a symbol, and the same again to confirm', () => {
    expect(validatePassword('Passw0rd!')).toBeUndefined();
    expect(validatePassword('abcdefgh')).toBe('app.validation.password');
    expect(validatePassword('Pa0!')).toBe('app.validation.password');
    expect(validateRepeatPassword('Passw0rd!', { password: 'Passw0rd!' })).toBeUndefined();
    expect(validateRepeatPassword('Passw0rd?', { password: 'Passw0rd!' })).toBe('app.validation.repeat_password');
  });

  it('wants a graphic captcha of exactly 5 characters', () => {
    expect(validateCaptcha('aB3dE')).toBeUndefined();
    expect(validateCaptcha(' aB3dE ')).toBeUndefined();
    for (const answer of ['', 'abcd', 'abcdef', undefined])
      expect(validateCaptcha(answer)).toBe('app.validation.captcha_length');
  });
});
