import { describe, expect, it } from 'vitest';
import { readArgs } from '../src/cli/args.js';

const run = (argv: string[], env: Record<string, string> = {}) => {
  const command = readArgs(argv, env);
  if (command.kind !== 'run') throw new Error(`not a run: ${command.kind}`);
  return command.options;
};

describe('the command line', () => {
  it('reads a file run with newman-like options', () => {
    const options = run([
      'run',
      'c.json',
      '-e',
      'env.json',
      '-g',
      'globals.json',
      '-d',
      'rows.csv',
      '-n',
      '3',
      '--env-var',
      'url=http://h/?a=b=c',
      '--bail',
      '-k',
      '--timeout-request',
      '1500',
    ]);
    expect(options).toMatchObject({
      source: { file: 'c.json' },
      environmentFile: 'env.json',
      globalsFile: 'globals.json',
      dataFile: 'rows.csv',
      iterationCount: 3,
      envVars: [{ name: 'url', value: 'http://h/?a=b=c' }],
      bail: true,
      insecure: true,
      timeoutRequestMs: 1500,
      quiet: false,
    });
    expect([...options.reporters]).toEqual(['cli']);
  });

  it('reads --resolve as curl does, IPv6 addresses and hosts included', () => {
    const options = run([
      'run',
      'c.json',
      '--resolve',
      'Postman-Echo.com:443:127.0.0.1',
      '--resolve',
      'api.test:8443:[::1]',
      '--resolve',
      '[::2]:80:::1',
    ]);
    expect(options.resolve).toEqual({
      'postman-echo.com:443': '127.0.0.1',
      'api.test:8443': '[::1]',
      '[::2]:80': '::1',
    });
  });

  it('turns a reporter on when its export path is given, and keeps the default paths otherwise', () => {
    const options = run(['run', 'c.json', '-r', 'cli, JSON', '--reporter-junit-export', 'out/j.xml']);
    expect([...options.reporters].sort()).toEqual(['cli', 'json', 'junit']);
    expect(options.exports).toEqual({
      junit: 'out/j.xml',
      json: 'pmbok-reports/report.json',
      html: 'pmbok-reports/report.html',
    });
  });

  it('reads a server run, the token from PMBOK_TOKEN when not given', () => {
    const options = run(
      ['run', '--server', 'https://pmbok.test/', '--project', '12', '--case', '3', '--case', '4', '--upload'],
      { PMBOK_TOKEN: 'pmbok_pt_x' },
    );
    expect(options.source).toEqual({
      server: { url: 'https://pmbok.test', token: 'pmbok_pt_x', projectId: 12, caseIds: [3, 4], upload: true },
    });
    expect(() => run(['run', '--server', 'ftp://x', '--token', 't', '--project', '1'])).toThrow(
      '--server 应是 http(s) 地址',
    );
    expect(() =>
      run(['run', '--server', 'https://x', '--token', 't', '--project', '1', '--scenario', '2', '--case', '3']),
    ).toThrow('--scenario 与 --case 只能二选一');
  });

  it('answers help and version before anything else', () => {
    expect(readArgs(['run', '--help'], {})).toEqual({ kind: 'help' });
    expect(readArgs(['-v'], {})).toEqual({ kind: 'version' });
  });
});
