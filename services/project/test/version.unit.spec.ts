import { fold } from '@pmbok/infra';
import { describe, expect, it } from 'vitest';
import { decideVersions, type SaveVersion, type VersionEvent, versionsDecider } from '../src/domain/version/version.js';

const meta = { actorId: 7, now: 1_700_000_000_000 };
const save = (versionId: number, name: string, extra: Partial<SaveVersion['data']> = {}): SaveVersion => ({
  type: 'SaveVersion',
  data: { versionId, projectId: 1, name, notes: '', auto: false, position: 42, docCount: 3, ...extra },
  metadata: meta,
});
const stateOf = (events: VersionEvent[]) => fold(versionsDecider, events);

describe('the versions decider', () => {
  it('records a version at its point of the log, with who and when, the name trimmed', () => {
    expect(decideVersions(save(10, '  v1.0 ', { notes: ' 首发 ' }), stateOf([]))).toEqual([
      {
        type: 'ProjectVersionSaved',
        data: {
          versionId: 10,
          projectId: 1,
          name: 'v1.0',
          notes: '首发',
          auto: false,
          position: 42,
          docCount: 3,
          createdBy: 7,
          createdAt: meta.now,
        },
      },
    ]);
  });

  it('refuses an empty or long name and long notes; an auto version cuts its name to fit instead', () => {
    const none = stateOf([]);
    expect(() => decideVersions(save(1, ' '), none)).toThrow('请填写版本名称');
    expect(() => decideVersions(save(1, '名'.repeat(51)), none)).toThrow('版本名称不能超过 50 个字');
    expect(decideVersions(save(1, '名'.repeat(50)), none)).toHaveLength(1);
    expect(() => decideVersions(save(1, 'v', { notes: '字'.repeat(501) }), none)).toThrow('版本说明不能超过 500 个字');
    const [auto] = decideVersions(save(1, '文'.repeat(80), { auto: true }), none);
    expect(auto?.type === 'ProjectVersionSaved' && [...auto.data.name].length).toBe(50);
  });

  it('saves an id once, and deletes only a live version', () => {
    const saved = decideVersions(save(10, 'v1'), stateOf([]));
    const state = stateOf(saved);
    expect(decideVersions(save(10, 'v1 again'), state)).toEqual([]);
    const deleted = decideVersions({ type: 'DeleteVersion', data: { versionId: 10 }, metadata: meta }, state);
    expect(deleted).toEqual([
      { type: 'ProjectVersionDeleted', data: { versionId: 10, name: 'v1', deletedBy: 7, deletedAt: meta.now } },
    ]);
    const after = stateOf([...saved, ...deleted]);
    expect(() => decideVersions({ type: 'DeleteVersion', data: { versionId: 10 }, metadata: meta }, after)).toThrow(
      '版本不存在或已删除',
    );
    expect(() => decideVersions({ type: 'DeleteVersion', data: { versionId: 99 }, metadata: meta }, after)).toThrow(
      '版本不存在或已删除',
    );
  });
});
