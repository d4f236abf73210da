/**
 * The messaging service's knowledge of the rest of the product, read from the bus (team, project, task and auth
 * topics): who belongs where, and the names and links of what notifications and message cards point at. Built in
 * `projections/work`; conversations, notifications, follows and webhooks all ask it.
 */

export interface ScopeInfo {
  teamId: number;
  name: string;
  /** Member user ids (for a team: its roster). */
  members: number[];
  /** Owners and administrators of the scope. */
  managers: number[];
}

export interface TargetInfo {
  kind: 'doc' | 'folder' | 'project' | 'taskProject' | 'task';
  id: number;
  teamId: number;
  /** The knowledge project or task project it belongs to (itself for a project). */
  projectId: number;
  projectKind: 'api' | 'task';
  projectName: string;
  name: string;
  /** 'GET /orders' for an API document, the stage for a task; may be empty. */
  subtitle: string;
  /** The console route that opens it. */
  link: string;
}

export interface WorkDirectory {
  team(teamId: number): Promise<ScopeInfo | null>;
  /** A knowledge project. */
  project(projectId: number): Promise<ScopeInfo | null>;
  taskProject(taskProjectId: number): Promise<ScopeInfo | null>;
  /** Knowledge projects and task projects of the team the user is a member of. */
  projectsOf(userId: number, teamId: number): Promise<{ kind: 'project' | 'taskProject'; id: number; name: string }[]>;
  /** A target the user may see (member of its project, in the team), else null. */
  target(kind: TargetInfo['kind'], id: number, userId: number): Promise<TargetInfo | null>;
  /** The user's shown name (true name, else nickname); '' when unknown. */
  userName(userId: number): Promise<string>;
  /** Waits until the read models have applied what the bus had delivered when called (read-your-writes in tests). */
  caughtUp(timeoutMs: number): Promise<void>;
}
