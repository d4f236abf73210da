import { DomainError } from '@pmbok/infra';
import { afterAll, describe, expect, it } from 'vitest';
import { exportProject } from '../src/interchange/export/index.js';
import { parseImport } from '../src/interchange/import/index.js';
import { createParsePool, workerMessages } from '../src/interchange/worker.js';

describe('parsing imports in a worker thread', () => {
  const pool = createParsePool({ size: 2 });
  afterAll(() => pool.close());

  it('answers what parseImport answers, refusals included with their kind and message', async () => {
    const broken = '{"openapi": "3.1.0", "info": ';
    const direct = await parseImport(broken).catch((error: DomainError) => error);
    const threaded = await pool.parse(broken, {}).catch((error: DomainError) => error);
    expect(direct).toBeInstanceOf(DomainError);
    expect(threaded).toBeInstanceOf(DomainError);
    expect((threaded as DomainError).kind).toBe('invalid');
    expect((threaded as DomainError).message).toBe((direct as DomainError).message);

    const spec = JSON.stringify({ openapi: '3.1.0', info: { title: '宠物', version: '1' }, paths: {} });
    const expected = await parseImport(spec).then(
      (plan) => ({ plan }),
      (error: Error) => ({ error: error.message }),
    );
    const answered = await pool.parse(spec, { format: 'auto' }).then(
      (plan) => ({ plan }),
      (error: Error) => ({ error: error.message }),
    );
    expect(answered).toEqual(expected);
  });

  it('runs several jobs at once and refuses a job over its time', async () => {
    const results = await Promise.all(
      Array.from({ length: 5 }, () => pool.parse('not: [json', {}).catch((error: Error) => error.message)),
    );
    expect(new Set(results).size).toBe(1);
    const slow = createParsePool({ timeoutMs: 1 });
    const big = JSON.stringify({ openapi: '3.1.0', info: { title: 'x', version: '1' }, paths: {}, x: 'y'.repeat(5e6) });
    expect(await slow.parse(big, {}).catch((error: Error) => error.message)).toBe(workerMessages.timeout);
    await slow.close();
  });

  it('writes exports off the thread, the same file as in it', async () => {
    const source = {
      project: { name: '宠物', description: '', servers: [] },
      nodes: [
        { nodeId: 1, parentId: 0, kind: 'folder' as const, name: '宠物', sort: 0 },
        {
          nodeId: 2,
          parentId: 1,
          kind: 'page' as const,
          name: '说明',
          sort: 0,
          content: { markdown: '# 你好' },
        },
      ],
    };
    expect(await pool.export(source, 'markdown')).toEqual(exportProject(source, 'markdown'));
  });
});
