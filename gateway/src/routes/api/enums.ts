import { type EnumCodec, enumCodec } from '@pmbok/infra';
import { taskv1, teamv1 } from '@pmbok/proto';

/** The enums the answers name, derived from the generated code like the services' own (no tables to keep). */
export const teamRoles = enumCodec(teamv1.TeamRole, 'TEAM_ROLE_');
export const projectRoles = enumCodec(taskv1.ProjectRole, 'PROJECT_ROLE_');
export const projectStatuses = enumCodec(taskv1.TaskProjectStatus, 'TASK_PROJECT_STATUS_');
export const taskStatuses = enumCodec(taskv1.TaskStatus, 'TASK_STATUS_');

/**
 * The name of a number a service answered where the answer always has one (a member's role, a task's status). A
 * number this gateway does not know means a service newer than it: an internal error, logged, not the client's.
 */
export function nameOf<Name extends string>(codec: EnumCodec<Name, number>, value: number, what: string): Name {
  const name = codec.fromProto(value);
  if (name === undefined) throw new Error(`a service answered ${what} ${value}, which this gateway does not know`);
  return name;
}
