import {
  appendContextOf,
  type Caller,
  DomainError,
  fold,
  forbidden,
  handleCommand,
  invalid,
  nextNumericId,
  notFound,
  teamMembers,
} from '@pmbok/infra';
import {
  checkFieldValues,
  type DataFieldValues,
  dataFieldDecider,
  dataFieldStreamId,
  FIELD_TYPES,
  type FieldLibrary,
  type FieldScope,
  fieldMessages,
  nameKeyOf,
} from '../domain/dataField/dataField.js';
import { CLAIM_PENDING_MS, nameClaimDecider, nameClaimStreamId } from '../domain/dataField/nameClaim.js';
import { messages } from '../domain/project/rules.js';
import { type DataFieldDoc, dataFields, effectiveFields } from '../projections/dataFields/index.js';
import { namesOf } from '../projections/people/index.js';
import type { ProjectContext } from './context.js';
import { type BatchItemResult, fieldView } from './dataFieldViews.js';
import { createFieldUses } from './fieldUses.js';

/** Who runs a library command: the caller, whose correlation id makes one change of several writes. */
type Actor = Pick<Caller, 'userId' | 'teamId'> & Partial<Pick<Caller, 'correlationId'>>;
export type FieldInput = Partial<Record<keyof DataFieldValues, unknown>>;

export const PAGE_SIZE_MAX = 500;
export const BATCH_MAX = 500;
export const libraryMessages = {
  teamWriters: '只有团队所有者和管理员可以修改团队字段库',
  scope: '字段库只能是 team 或 project',
  batchSize: `一次最多保存 ${BATCH_MAX} 个字段`,
  deleteNone: '请选择要删除的字段',
  onExisting: 'onExisting 只能是 skip 或 overwrite',
} as const;

/**
 * The field libraries (docs/api/mock-and-fields.md): a project's is seen and written as its documents are
 * (knowledge.md's roles); a team's is read by every member of the team and written by its owner and administrators.
 */
export function createDataFields(context: ProjectContext) {
  const { readStore, eventStore, now, runCommand } = context;
  const usesIn = createFieldUses(readStore);

  async function teamRole(teamId: number, userId: number) {
    await context.teamMemberIds(teamId, [userId]);
    const roster = await teamMembers(readStore).findOne({ _id: String(teamId) });
    return roster?.members.find((member) => member.userId === userId)?.role;
  }

  /**
   * The library a call names and whether the caller may write it. Scope `team` with a project is that project's
   * team (the caller must see the project); without one, the caller's current team.
   */
  async function libraryOf(projectId: number, scope: string, caller: Actor, write: boolean) {
    if (scope !== 'team' && scope !== 'project') throw invalid(libraryMessages.scope);
    if (scope === 'project') {
      const access = write ? await context.writable(projectId, caller) : await context.readable(projectId, caller);
      const library: FieldLibrary = { scope, projectId, teamId: access.project.teamId };
      return { library, teamId: access.project.teamId };
    }
    const teamId =
      projectId > 0
        ? (await context.readable(projectId, caller)).project.teamId
        : await context.currentTeam(caller as Caller);
    const role = await teamRole(teamId, caller.userId);
    if (!role) throw forbidden(projectId > 0 ? messages.notVisible : messages.notTeamMember);
    if (write && role !== 'owner' && role !== 'administrator') throw forbidden(libraryMessages.teamWriters);
    const library: FieldLibrary = { scope, projectId: 0, teamId };
    return { library, teamId };
  }

  const ownFields = (library: FieldLibrary) =>
    library.scope === 'team'
      ? dataFields(readStore).find({ scope: 'team', teamId: library.teamId })
      : dataFields(readStore).find({ scope: 'project', projectId: library.projectId });

  const inLibrary = (doc: DataFieldDoc | null, library: FieldLibrary) =>
    !!doc && doc.scope === library.scope && doc.projectId === library.projectId && doc.teamId === library.teamId;

  /**
   * Whether a claim still holds: its field is a field of this library with this name, or is not written yet and
   * the claim is recent (a save in progress); a deleted or renamed field, or an abandoned claim, does not.
   */
  async function holds(claimed: { dataFieldId: number; claimedAt: number }, library: FieldLibrary, nameKey: string) {
    const field = fold(dataFieldDecider, await eventStore.readStream(dataFieldStreamId(claimed.dataFieldId)));
    if (field.status === 'none') return now() - claimed.claimedAt < CLAIM_PENDING_MS;
    return (
      field.status === 'active' &&
      inLibrary(field as unknown as DataFieldDoc, library) &&
      nameKeyOf(field.name) === nameKey
    );
  }

  async function claim(library: FieldLibrary, values: DataFieldValues, dataFieldId: number, actor: Actor) {
    const nameKey = nameKeyOf(values.name);
    const streamId = nameClaimStreamId(library, nameKey);
    const state = fold(nameClaimDecider, await eventStore.readStream(streamId));
    const checkedHolder = state.status === 'claimed' ? state.dataFieldId : 0;
    const holderActive =
      state.status === 'claimed' && state.dataFieldId !== dataFieldId && (await holds(state, library, nameKey));
    const takenMessage = fieldMessages.taken(values.name);
    const data = { nameKey, dataFieldId, checkedHolder, holderActive, takenMessage, at: now() };
    await runCommand(streamId, nameClaimDecider, { type: 'ClaimFieldName', data }, actor, { teamId: library.teamId });
  }

  const release = (library: FieldLibrary, nameKey: string, dataFieldId: number, actor: Actor) =>
    runCommand(
      nameClaimStreamId(library, nameKey),
      nameClaimDecider,
      { type: 'ReleaseFieldName', data: { nameKey, dataFieldId } },
      actor,
      { teamId: library.teamId },
    );

  /**
   * Saves one field of a library the caller may write: claims a new name first, releases a renamed one after.
   * `wait: false` leaves the read models to catch up (a batch waits on its last write only).
   */
  async function saveIn(
    library: FieldLibrary,
    existing: DataFieldDoc | null,
    values: DataFieldValues,
    actor: Actor,
    options: { dataFieldId?: number; wait?: boolean } = {},
  ): Promise<number> {
    const dataFieldId = existing?.dataFieldId ?? options.dataFieldId ?? nextNumericId(now());
    const renamed = !existing || existing.nameKey !== nameKeyOf(values.name);
    if (renamed) await claim(library, values, dataFieldId, actor);
    const command = {
      type: 'SaveDataField',
      data: { ...library, dataFieldId, values, by: actor.userId, at: now() },
    } as const;
    const streamId = dataFieldStreamId(dataFieldId);
    const teamId = library.teamId;
    if (options.wait === false && !existing) {
      // A new field's stream is empty by construction (its id was drawn just now): no stream to read first.
      const events = dataFieldDecider.decide(command, dataFieldDecider.initialState());
      await eventStore.append(streamId, events, 0, appendContextOf(actor, { teamId }, now()));
    } else if (options.wait === false) {
      await handleCommand(eventStore, streamId, dataFieldDecider, command, appendContextOf(actor, { teamId }, now()));
    } else {
      await runCommand(streamId, dataFieldDecider, command, actor, { teamId });
    }
    if (existing && renamed) await release(library, existing.nameKey, dataFieldId, actor);
    return dataFieldId;
  }

  async function existingIn(library: FieldLibrary, dataFieldId: number) {
    const found = await dataFields(readStore).findOne({ _id: String(dataFieldId) });
    if (!inLibrary(found, library)) throw notFound(fieldMessages.notFound);
    return found as DataFieldDoc;
  }

  return {
    libraryOf,

    async search(
      query: { projectId: number; scope: FieldScope; keyword: string; type: string; page: number; pageSize: number },
      caller: Actor,
    ) {
      const { library } = await libraryOf(query.projectId, query.scope, caller, false);
      const fields =
        library.scope === 'project'
          ? await effectiveFields(readStore, { projectId: library.projectId, teamId: library.teamId })
          : (await ownFields(library))
              .map((field) => ({ ...field, inherited: false }))
              .sort((a, b) => a.name.localeCompare(b.name));
      const keyword = query.keyword.trim().toLowerCase();
      const type = FIELD_TYPES.find((t) => t === query.type);
      const found = fields.filter(
        (field) =>
          (!type || field.type === type) &&
          (!keyword ||
            field.nameKey.includes(keyword) ||
            field.aliases.some((alias) => alias.toLowerCase().includes(keyword)) ||
            field.description.toLowerCase().includes(keyword)),
      );
      const size = Math.min(Math.max(query.pageSize || 20, 1), PAGE_SIZE_MAX);
      const page = Math.max(query.page || 1, 1);
      const slice = found.slice((page - 1) * size, page * size);
      const uses = library.scope === 'project' ? await usesIn(library.projectId) : new Map<string, number>();
      const names = await namesOf(
        readStore,
        slice.map((field) => field.updatedBy),
      );
      const lists = slice.map((field) =>
        fieldView(field, {
          inherited: field.inherited,
          uses: uses.get(field.nameKey) ?? 0,
          updatedByName: names.get(field.updatedBy) ?? '',
        }),
      );
      return { status: 200, lists, pages: Math.ceil(found.length / size), count: found.length };
    },

    async save(projectId: number, scope: string, dataFieldId: number, input: FieldInput, caller: Actor) {
      const { library } = await libraryOf(projectId, scope, caller, true);
      const values = checkFieldValues(input);
      const existing = dataFieldId ? await existingIn(library, dataFieldId) : null;
      const nameKey = nameKeyOf(values.name);
      const clash = (await ownFields(library)).find((f) => f.nameKey === nameKey && f.dataFieldId !== dataFieldId);
      if (clash) throw invalid(fieldMessages.taken(values.name));
      return { dataFieldId: await saveIn(library, existing, values, caller) };
    },

    /**
     * Saves many fields (the SQL/JSON screen, the import dialog, field comparison's additions) under the caller's
     * one correlation id: each item is checked and saved on its own and answered in order; a name the library has
     * is skipped, or overwritten with `overwrite`.
     */
    async saveMany(projectId: number, scope: string, items: unknown[], onExisting: string, caller: Actor) {
      const { library } = await libraryOf(projectId, scope, caller, true);
      if (items.length > BATCH_MAX) throw invalid(libraryMessages.batchSize);
      if (onExisting !== 'skip' && onExisting !== 'overwrite') throw invalid(libraryMessages.onExisting);
      const byName = new Map((await ownFields(library)).map((field) => [field.nameKey, field]));
      // First what each item does (checked values, skipped or written, its id), then the writes in order.
      const results: BatchItemResult[] = [];
      const planned: { index: number; values: DataFieldValues; existing: DataFieldDoc | null; dataFieldId: number }[] =
        [];
      for (const [index, item] of items.entries()) {
        const name = typeof (item as FieldInput)?.name === 'string' ? String((item as FieldInput).name).trim() : '';
        try {
          if (typeof item !== 'object' || item === null || Array.isArray(item)) throw invalid(fieldMessages.name);
          const values = checkFieldValues(item as FieldInput);
          const nameKey = nameKeyOf(values.name);
          const existing = byName.get(nameKey) ?? null;
          if (existing && onExisting === 'skip') {
            const { dataFieldId } = existing;
            const msg = fieldMessages.taken(existing.name);
            results.push({ status: 200, msg, action: 'skipped', dataFieldId, name: values.name });
            continue;
          }
          const dataFieldId = existing?.dataFieldId ?? nextNumericId(now());
          byName.set(nameKey, { ...(existing ?? {}), ...values, dataFieldId, nameKey } as DataFieldDoc);
          planned.push({ index, values, existing, dataFieldId });
          const action = existing ? 'updated' : 'added';
          results.push({ status: 200, msg: 'success', action, dataFieldId, name: values.name });
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          results.push({ status: 400, msg: error.message, action: 'refused', dataFieldId: 0, name });
        }
      }
      // A field this batch failed to write (its name taken meanwhile) is not created by a later item naming it.
      const failed = new Map<number, string>();
      for (const [i, plan] of planned.entries()) {
        // The store appends synchronously: yield now and then, so a batch does not hold other requests.
        if (i % 20 === 19) await new Promise((resolve) => setImmediate(resolve));
        try {
          const earlier = failed.get(plan.dataFieldId);
          if (earlier) throw invalid(earlier);
          const options = { dataFieldId: plan.dataFieldId, wait: i === planned.length - 1 };
          await saveIn(library, plan.existing, plan.values, caller, options);
        } catch (error) {
          if (!(error instanceof DomainError)) throw error;
          failed.set(plan.dataFieldId, error.message);
          const { name } = plan.values;
          results[plan.index] = { status: 400, msg: error.message, action: 'refused', dataFieldId: 0, name };
        }
      }
      const count = (action: BatchItemResult['action']) => results.filter((r) => r.action === action).length;
      return {
        results,
        added: count('added'),
        updated: count('updated'),
        skipped: count('skipped'),
        refused: count('refused'),
      };
    },

    /** Deletes fields of one library; an id that is not a field of it refuses the whole call, before anything. */
    async remove(projectId: number, scope: string, dataFieldIds: number[], caller: Actor) {
      const { library } = await libraryOf(projectId, scope, caller, true);
      const ids = [...new Set(dataFieldIds)];
      if (ids.length === 0) throw invalid(libraryMessages.deleteNone);
      const found = [];
      for (const id of ids) found.push(await existingIn(library, id));
      const teamId = library.teamId;
      for (const [i, field] of found.entries()) {
        const command = { type: 'DeleteDataField', data: { ...library, by: caller.userId, at: now() } } as const;
        const streamId = dataFieldStreamId(field.dataFieldId);
        // Only the last deletion waits for the read models, as a batch save.
        if (i === found.length - 1) await runCommand(streamId, dataFieldDecider, command, caller, { teamId });
        else
          await handleCommand(
            eventStore,
            streamId,
            dataFieldDecider,
            command,
            appendContextOf(caller, { teamId }, now()),
          );
        await release(library, field.nameKey, field.dataFieldId, caller);
      }
    },
  };
}

export type DataFieldUseCases = ReturnType<typeof createDataFields>;
