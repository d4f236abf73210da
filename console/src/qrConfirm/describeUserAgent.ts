export interface DeviceDescription {
  browser: string;
  os: string;
}

// Order matters: Edge and Opera also say Chrome, Chrome also says Safari, WeChat says all of them.
const BROWSERS: [RegExp, string][] = [
  [/MicroMessenger\/([\d.]+)/, 'WeChat'],
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/(?:OPR|Opera)\/(\d+)/, 'Opera'],
  [/(?:Firefox|FxiOS)\/(\d+)/, 'Firefox'],
  [/(?:Chrome|CriOS|Chromium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)(?:\.\d+)*.*Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, (match: RegExpMatchArray) => string][] = [
  [/Windows NT 10/, () => 'Windows 10/11'],
  [/Windows NT 6\.3/, () => 'Windows 8.1'],
  [/Windows NT 6\.1/, () => 'Windows 7'],
  [/Windows/, () => 'Windows'],
  [/(?:iPhone|iPad|iPod).*?OS (\d+)/, (m) => `iOS ${m[1]}`],
  [/Android (\d+)/, (m) => `Android ${m[1]}`],
  [/Android/, () => 'Android'],
  [/CrOS/, () => 'ChromeOS'],
  [/Mac OS X (\d+)[._](\d+)/, (m) => `macOS ${m[1]}.${m[2]}`],
  [/Macintosh|Mac OS X/, () => 'macOS'],
  [/Linux/, () => 'Linux'],
];

/** A user agent as a person reads it: "Chrome 140" on "Windows 10/11"; empty parts when unknown. */
export function describeUserAgent(userAgent: string): DeviceDescription {
  let browser = '';
  for (const [pattern, name] of BROWSERS) {
    const match = userAgent.match(pattern);
    if (match) {
      browser = `${name} ${match[1]?.split('.')[0] ?? ''}`.trim();
      break;
    }
  }
  let os = '';
  for (const [pattern, name] of SYSTEMS) {
    const match = userAgent.match(pattern);
    if (match) {
      os = name(match);
      break;
    }
  }
  return { browser, os };
}
