import { taskv1, teamv1 } from '@pmbok/proto';
import { describe, expect, expectTypeOf, it } from 'vitest';
import { enumCodec } from '../src/index.js';

describe('enumCodec', () => {
  const roles = enumCodec(teamv1.TeamRole, 'TEAM_ROLE_');
  const statuses = enumCodec(taskv1.TaskStatus, 'TASK_STATUS_');

  it('derives the domain names from the generated enum, without UNSPECIFIED', () => {
    expect(roles.names).toEqual(['owner', 'administrator', 'member']);
    expect(statuses.names).toEqual(['todo', 'in_progress', 'paused', 'finished', 'cancelled', 'closed']);
    expectTypeOf(roles.names).toEqualTypeOf<readonly ('owner' | 'administrator' | 'member')[]>();
  });

  it('maps names to wire numbers and back', () => {
    expect(roles.toProto('administrator')).toBe(teamv1.TeamRole.TEAM_ROLE_ADMINISTRATOR);
    expect(statuses.toProto('in_progress')).toBe(taskv1.TaskStatus.TASK_STATUS_IN_PROGRESS);
    for (const name of statuses.names) expect(statuses.fromProto(statuses.toProto(name))).toBe(name);
    expectTypeOf(roles.toProto('owner')).toEqualTypeOf<teamv1.TeamRole>();
  });

  it('names nothing for UNSPECIFIED, a number it does not know or text that is no member', () => {
    expect(roles.fromProto(teamv1.TeamRole.TEAM_ROLE_UNSPECIFIED)).toBeUndefined();
    expect(roles.fromProto(99)).toBeUndefined();
    expect(roles.parse('member')).toBe(teamv1.TeamRole.TEAM_ROLE_MEMBER);
    expect(roles.parse('unspecified')).toBeUndefined();
    expect(roles.parse('MEMBER')).toBeUndefined();
    expect(roles.parse('toString')).toBeUndefined();
  });

  it('refuses a prefix no member has', () => {
    expect(() => enumCodec(teamv1.TeamRole, 'TEAM_RULE_')).toThrow(/TEAM_RULE_/);
  });
});
