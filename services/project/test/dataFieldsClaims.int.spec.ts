import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createCommandRunner, createMemoryReadStore, openSqliteEventStore } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import type { ProjectContext } from '../src/application/context.js';
import { createDataFields } from '../src/application/dataFields.js';

/**
 * Names stay unique when the read model cannot tell (ADR 3's claim streams): here no projection runs at all, so the
 * list the use case checks first is always empty, as it is for saves racing each other before either is projected.
 */
describe('field names claimed on their own streams', () => {
  function library() {
    const eventStore = openSqliteEventStore({
      file: join(mkdtempSync(join(tmpdir(), 'pmbok-claims-')), 'events.db'),
      sync: 'normal',
    });
    const access = async () => ({ project: { teamId: 3 }, canWrite: true });
    const context = {
      eventStore,
      readStore: createMemoryReadStore(),
      now: Date.now,
      runCommand: createCommandRunner({ eventStore }),
      readable: access,
      writable: access,
      teamMemberIds: async () => [1],
      currentTeam: async () => 3,
    } as unknown as ProjectContext;
    return createDataFields(context);
  }
  const caller = { userId: 1, teamId: 3 };
  const field = (name: string) => ({ name, type: 'string' });

  it('saves of one name at the same moment end with one field', async () => {
    const fields = library();
    const saves = await Promise.allSettled(
      ['userName', 'USERNAME', 'username', 'UserName'].map((name) => fields.save(7, 'project', 0, field(name), caller)),
    );
    const refused = saves.filter((s) => s.status === 'rejected') as PromiseRejectedResult[];
    expect(saves.length - refused.length).toBe(1);
    for (const r of refused) expect(r.reason.message).toMatch(/^字段 \w+ 已存在$/);
    // another library holds its own names
    await expect(fields.save(8, 'project', 0, field('userName'), caller)).resolves.toMatchObject({});
  });

  it('a batch does not take a name another field holds', async () => {
    const fields = library();
    await fields.save(7, 'project', 0, field('amount'), caller);
    const result = await fields.saveMany(7, 'project', [field('Amount'), field('price')], 'skip', caller);
    expect(result.results.map((r) => [r.name, r.action, r.msg])).toEqual([
      ['Amount', 'refused', '字段 Amount 已存在'],
      ['price', 'added', 'success'],
    ]);
  });

  it('a batch naming one field twice writes it once, and never creates a name its first item could not claim', async () => {
    const fields = library();
    const twice = await fields.saveMany(7, 'project', [field('total'), field('TOTAL')], 'overwrite', caller);
    expect(twice.results.map((r) => r.action)).toEqual(['added', 'updated']);
    expect(twice.results[1]!.dataFieldId).toBe(twice.results[0]!.dataFieldId);
    await fields.save(7, 'project', 0, field('amount'), caller);
    // The list this use case reads is empty here, so both items plan one new field named amount.
    const taken = await fields.saveMany(7, 'project', [field('Amount'), field('amount')], 'overwrite', caller);
    expect(taken.results.map((r) => [r.action, r.msg])).toEqual([
      ['refused', '字段 Amount 已存在'],
      ['refused', '字段 Amount 已存在'],
    ]);
  });
});
