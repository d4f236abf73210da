import { beforeEach, describe, expect, it } from 'vitest';
import { columnTree } from '../src/list/fields';
import { sheetTable, toCsvBlob, toXlsxBlob } from '../src/list/spreadsheetFile';
import { getTeamId, selectTeam, type UserTeam } from '../src/session/session';
import type { TeamMember } from '../src/teams/teamApi';
import { TEAM_CHECK_INTERVAL_MS, takeTeamCheckTurn } from '../src/teams/teamCheckSchedule';
import { BLANK_TEMPLATE, chosenTemplateIds, showsMoreTemplates, toggleTemplate } from '../src/teams/templateSelection';
import { memberFields } from '../src/teamUsers/memberFields';

// The helpers keep their state in localStorage: a Map stands in for it under Node.
const store = new Map<string, string>();
globalThis.localStorage = {
  getItem: (key: string) => store.get(key) ?? null,
  setItem: (key: string, value: string) => void store.set(key, String(value)),
  removeItem: (key: string) => void store.delete(key),
  clear: () => store.clear(),
  key: (index: number) => [...store.keys()][index] ?? null,
  get length() {
    return store.size;
  },
} as Storage;

const team = (teamId: number): UserTeam => ({
  teamId,
  team: { name: `T${teamId}`, poster: 0 },
  station: 'member',
  joinedAt: 0,
});

describe('the selected team (SPEC §4)', () => {
  beforeEach(() => store.clear());

  it('keeps the stored team while it is still one of the user’s teams', () => {
    store.set('teamId', '2');
    selectTeam([team(1), team(2)], 1);
    expect(getTeamId()).toBe(2);
  });

  it('falls back to the server’s active team, then to the first team, then to none', () => {
    store.set('teamId', '9');
    selectTeam([team(1), team(2)], 2);
    expect(getTeamId()).toBe(2);
    selectTeam([team(3), team(4)], 2);
    expect(getTeamId()).toBe(3);
    selectTeam([], 3);
    expect(getTeamId()).toBeNull();
    expect(store.has('teamId')).toBe(false);
  });
});

describe('the team-check dialog schedule (SPEC §9: 24 h)', () => {
  beforeEach(() => store.clear());

  it('shows on the first open, then once 24 hours have passed', () => {
    const start = 1_700_000_000_000;
    expect(takeTeamCheckTurn(start)).toBe(true);
    expect(takeTeamCheckTurn(start + 1000)).toBe(false);
    expect(takeTeamCheckTurn(start + TEAM_CHECK_INTERVAL_MS - 1)).toBe(false);
    expect(takeTeamCheckTurn(start + TEAM_CHECK_INTERVAL_MS)).toBe(true);
    expect(takeTeamCheckTurn(start + TEAM_CHECK_INTERVAL_MS + 1)).toBe(false);
  });
});

describe('the template picker', () => {
  it('toggles cards, the blank card (id -1) and templates excluding each other', () => {
    let selected = [BLANK_TEMPLATE];
    selected = toggleTemplate(selected, 7);
    expect(selected).toEqual([7]);
    selected = toggleTemplate(selected, 8);
    expect(selected).toEqual([7, 8]);
    selected = toggleTemplate(selected, 7);
    expect(selected).toEqual([8]);
    selected = toggleTemplate(selected, BLANK_TEMPLATE);
    expect(selected).toEqual([BLANK_TEMPLATE]);
    expect(toggleTemplate(selected, BLANK_TEMPLATE)).toEqual([]);
  });

  it('sends the chosen ids without the blank card', () => {
    expect(chosenTemplateIds([BLANK_TEMPLATE])).toBe('[]');
    expect(chosenTemplateIds([3, 5])).toBe('[3,5]');
  });

  it('offers more templates at exactly 10 items', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => ({ projectId: i + 1, name: `t${i}` }));
    expect(showsMoreTemplates(items(9))).toBe(false);
    expect(showsMoreTemplates(items(10))).toBe(true);
    expect(showsMoreTemplates(items(11))).toBe(false);
  });
});

describe('member export', () => {
  const members: TeamMember[] = [
    {
      userId: 1,
      nickname: '张三',
      trueName: '张, "三"',
      telephone: '13800000001',
      avatar: '',
      role: 'owner',
      joinedAt: Date.UTC(2025, 0, 2, 3, 4, 5),
    },
    {
      userId: 2,
      nickname: '=HYPERLINK("x")',
      trueName: '',
      telephone: '138****0002',
      avatar: '',
      role: 'member',
      joinedAt: 0,
    },
  ];
  const translate = (key: string) => key.split('.').at(-1) ?? key;
  const regions = { province: 'province', city: 'city', district: 'district' };
  const memberTable = (rows: TeamMember[], t: typeof translate) =>
    sheetTable(columnTree(memberFields, regions) as never, rows as never, { translate: t, regionName: (code) => code });

  it('writes CSV with a UTF-8 BOM, quoted fields and defused formulas', async () => {
    const bytes = new Uint8Array(await toCsvBlob(memberTable(members, translate)).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes.subarray(3)).split('\r\n');
    expect(lines[0]).toBe('nickname,trueName,telephone,role,joinedAt');
    expect(lines[1]).toMatch(/^张三,"张, ""三""",13800000001,owner,2025-01-0\d \d\d:04:05$/);
    expect(lines[2]?.startsWith(`"'=HYPERLINK(""x"")",,138****0002,member,`)).toBe(true);
  });

  it('writes an xlsx workbook', async () => {
    const blob = await toXlsxBlob(memberTable(members, translate), 'members');
    const bytes = new Uint8Array(await blob.arrayBuffer());
    expect(String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0)).toBe('PK');
  });
});
