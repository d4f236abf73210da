import { describe, expect, it } from 'vitest';
import { AVATAR_PALETTE, avatarColor, avatarText, contrastRatio } from '../src/avatar/avatarModel';

describe('default avatar text', () => {
  it('takes the last two characters of a Chinese name', () => {
    expect(avatarText('张小明')).toBe('小明');
    expect(avatarText('王五')).toBe('王五');
    expect(avatarText('李')).toBe('李');
    expect(avatarText(' 欧阳 娜娜 ')).toBe('娜娜');
  });

  it('tells default nicknames apart by their last characters, not the shared 用', () => {
    expect(avatarText('用户1234')).toBe('34');
    expect(avatarText('用户5678')).toBe('78');
  });

  it('takes a Latin name’s initials', () => {
    expect(avatarText('Ada Lovelace')).toBe('AL');
    expect(avatarText('grace brewster hopper')).toBe('GH');
    expect(avatarText('alice')).toBe('A');
    expect(avatarText('jean-luc')).toBe('JL');
  });

  it('falls back for digits and empty names', () => {
    expect(avatarText('13800138000')).toBe('00');
    expect(avatarText('')).toBe('?');
    expect(avatarText(undefined)).toBe('?');
  });
});

describe('default avatar colour', () => {
  it('is stable per id and spreads people over the palette', () => {
    expect(avatarColor(42, 'A')).toBe(avatarColor(42, 'B'));
    const colours = new Set(Array.from({ length: 40 }, (_, i) => avatarColor(1000 + i)));
    expect(colours.size).toBeGreaterThanOrEqual(7);
    for (const colour of colours) expect(AVATAR_PALETTE).toContain(colour);
  });

  it('uses the name when there is no id', () => {
    expect(avatarColor(undefined, '张三')).toBe(avatarColor(0, '张三'));
    expect(AVATAR_PALETTE).toContain(avatarColor(null, '李四'));
  });

  it('keeps white letters readable on every colour (WCAG AA, 4.5:1)', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 0);
    for (const colour of AVATAR_PALETTE) expect(contrastRatio('#ffffff', colour)).toBeGreaterThanOrEqual(4.5);
  });
});
