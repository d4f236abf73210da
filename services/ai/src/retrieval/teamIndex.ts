import type { Doc, ReadModel, ReadStore } from '@pmbok/infra';
import MiniSearch from 'minisearch';
import { knowledgeWrites } from '../projections/knowledge/evolve.js';
import {
  type KnowledgeDocDoc,
  type KnowledgeNodeDoc,
  type KnowledgeProjectDoc,
  knowledgeDocs,
  knowledgeFields,
  knowledgeNodes,
  knowledgeProjects,
  type Positioned,
  type TaskProjectDoc,
  taskProjects,
  tasks,
} from '../projections/knowledge/models.js';
import { docSource, fieldSource, projectScope, type Source, taskProjectScope, taskSource } from './sources.js';
import { tokenize } from './tokenize.js';

/** One indexed passage: `<source key>#<passage number>`, with its source (a stored field: a reference, no copy). */
interface Entry {
  id: string;
  title: string;
  context: string;
  text: string;
  source: Source;
}

export interface Hit {
  source: Source;
  /** The passage of the source that matched best. */
  passage: number;
  score: number;
}

const passageOf = (entryId: string) => Number(entryId.slice(entryId.lastIndexOf('#') + 1));

/**
 * Lets the event loop run every ~20 ms of indexing: a team's first index takes seconds (benchmarks), and other
 * teams' questions and the service's calls must not wait for it. The team's own questions wait for the refresh.
 */
function pacer() {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < 20) return;
    await new Promise((resolve) => setImmediate(resolve));
    since = performance.now();
  };
}

/** A name counts most, then what else names the source (project, request line, stage), then the text. */
const BOOST = { title: 3, context: 1.5, text: 1 };
/** Latin words of 3 letters or more also find longer ones (order → orders, orderId). */
const prefix = (term: string) => term.length >= 3 && /^[a-z]/.test(term);

/**
 * The index of one team: MiniSearch (BM25+) over passages of its documents, field standards and tasks, and the
 * number of the last knowledge write it has applied. `refresh` applies the team's read-model documents written
 * since; a deleted source leaves the index. Who may see what is decided per search from the projects it holds
 * (`visibleScopes`).
 */
export class TeamIndex {
  readonly sources = new Map<string, Source>();
  readonly projects = new Map<number, KnowledgeProjectDoc>();
  readonly taskProjects = new Map<number, TaskProjectDoc>();
  private readonly index = new MiniSearch<Entry>({
    fields: ['title', 'context', 'text'],
    tokenize,
    processTerm: (term) => term,
    storeFields: ['source'],
    // A question's words once each: a repeated word would be looked up, and scored, again.
    searchOptions: { boost: BOOST, prefix, tokenize: (text) => [...new Set(tokenize(text))] },
  });
  /** The knowledge writes applied: every document with a `_seq` up to it is in the index as it was written. */
  private seen = -1;
  private refreshing: Promise<void> | undefined;

  constructor(readonly teamId: number) {}

  get size() {
    return this.sources.size;
  }

  /** Brings the index up to date unless nothing was written since; one refresh at a time. */
  async update(store: ReadStore): Promise<void> {
    while (this.refreshing) await this.refreshing;
    if (knowledgeWrites() === this.seen) return;
    this.refreshing = this.refresh(store).finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
  }

  /** The documents of a read model of this team written since the index last looked. */
  private changed<D extends Doc & Positioned>(store: ReadStore, model: ReadModel<D>) {
    return model(store).find({ teamId: this.teamId, _seq: { $gt: this.seen } });
  }

  async refresh(store: ReadStore): Promise<void> {
    const { teamId } = this;
    // Every write numbered up to here is in the store (written in this process, synchronously): the queries below
    // see them; later ones are seen now or at the next refresh.
    const upTo = knowledgeWrites();
    // Projects first: their sources are indexed with their names, and leave with them.
    const restated = new Set<number>();
    for (const project of await this.changed(store, knowledgeProjects)) {
      const before = this.projects.get(project.projectId);
      this.projects.set(project.projectId, project);
      if (before && (before.name !== project.name || before.deleted !== project.deleted)) {
        restated.add(project.projectId);
      }
    }
    const restatedTasks = new Set<number>();
    for (const project of await this.changed(store, taskProjects)) {
      const before = this.taskProjects.get(project.taskProjectId);
      this.taskProjects.set(project.taskProjectId, project);
      if (before && (before.name !== project.name || JSON.stringify(before.flows) !== JSON.stringify(project.flows))) {
        restatedTasks.add(project.taskProjectId);
      }
    }

    // A document is its content and its tree node (its title): either may have moved.
    const docs = new Map((await this.changed(store, knowledgeDocs)).map((doc) => [doc.docId, doc]));
    const nodes = new Map((await this.changed(store, knowledgeNodes)).map((node) => [node.docId, node]));
    const fields = await this.changed(store, knowledgeFields);
    const changedTasks = await this.changed(store, tasks);
    if (restated.size > 0) {
      const projectId = { $in: [...restated] };
      for (const doc of await knowledgeDocs(store).find({ teamId, projectId }))
        if (!docs.has(doc.docId)) docs.set(doc.docId, doc);
      const known = new Set(fields.map((field) => field.dataFieldId));
      fields.push(
        ...(await knowledgeFields(store).find({ teamId, projectId })).filter((f) => !known.has(f.dataFieldId)),
      );
    }
    if (restatedTasks.size > 0) {
      const known = new Set(changedTasks.map((task) => task.taskId));
      const more = await tasks(store).find({ teamId, taskProjectId: { $in: [...restatedTasks] } });
      changedTasks.push(...more.filter((task) => !known.has(task.taskId)));
    }
    const withoutDoc = [...nodes.keys()].filter((docId) => !docs.has(docId));
    const withoutNode = [...docs.keys()].filter((docId) => !nodes.has(docId));
    if (withoutDoc.length > 0) {
      for (const doc of await knowledgeDocs(store).find({ teamId, docId: { $in: withoutDoc } }))
        docs.set(doc.docId, doc);
    }
    if (withoutNode.length > 0) {
      for (const node of await knowledgeNodes(store).find({ teamId, docId: { $in: withoutNode } })) {
        nodes.set(node.docId, node);
      }
    }

    const pace = pacer();
    for (const docId of new Set([...docs.keys(), ...nodes.keys()])) {
      this.putDoc(docId, docs.get(docId), nodes.get(docId));
      await pace();
    }
    for (const field of fields) {
      const project = field.scope === 'project' ? this.projects.get(field.projectId) : undefined;
      const gone = field.deleted || (field.scope === 'project' && (!project || project.deleted));
      this.put(`field:${field.dataFieldId}`, gone ? undefined : fieldSource(field, project));
      await pace();
    }
    for (const task of changedTasks) {
      const project = this.taskProjects.get(task.taskProjectId);
      this.put(
        `task:${task.taskId}`,
        task.deleted || !project || project.deleted ? undefined : taskSource(task, project),
      );
      await pace();
    }
    this.seen = upTo;
  }

  private putDoc(docId: number, doc?: KnowledgeDocDoc, node?: KnowledgeNodeDoc) {
    const project = doc && this.projects.get(doc.projectId);
    const shown = doc && node && project && !doc.deleted && !node.deleted && !node.isTemplate && !project.deleted;
    this.put(`doc:${docId}`, shown ? docSource(doc, node, project) : undefined);
  }

  /** Replaces a source's passages (or removes them, given nothing). */
  private put(key: string, source: Source | undefined) {
    const before = this.sources.get(key);
    if (before) {
      for (let i = 0; i < before.chunks.length; i++) this.index.discard(`${key}#${i}`);
      this.sources.delete(key);
    }
    if (!source) return;
    this.sources.set(key, source);
    this.index.addAll(
      source.chunks.map((text, i) => ({
        id: `${key}#${i}`,
        title: source.title,
        context: source.context,
        text,
        source,
      })),
    );
  }

  /**
   * What `userId` may see of the team now, as the project and task services decide it: projects open to the team,
   * templates and projects they are a member of (none once deleted), the team's field library, and the task projects
   * they are a member of. Membership of the team itself is checked by the caller.
   */
  visibleScopes(userId: number): Set<string> {
    const scopes = new Set(['team']);
    for (const project of this.projects.values()) {
      if (project.deleted) continue;
      if (project.privateType === 'team' || project.isTemplate || project.memberIds.includes(userId)) {
        scopes.add(projectScope(project.projectId));
      }
    }
    for (const project of this.taskProjects.values()) {
      if (!project.deleted && project.memberIds.includes(userId)) scopes.add(taskProjectScope(project.taskProjectId));
    }
    return scopes;
  }

  /**
   * The best passage of each of the `limit` best sources in `scopes`. The scopes are checked inside the search: a
   * passage outside them is dropped before it is scored (a document boost of 0) and again by the result filter, so
   * it is never a result, whatever the question says.
   */
  search(question: string, options: { scopes: Set<string>; limit: number; boost?: (source: Source) => number }): Hit[] {
    const { scopes, limit, boost } = options;
    const sourceOf = (stored: Record<string, unknown> | undefined) => stored?.source as Source | undefined;
    const factors = new Map<Source, number>();
    const results = this.index.search(question, {
      // Called for every passage a word matches: the factor is worked out once per source and search.
      boostDocument: (_id, _term, stored) => {
        const source = sourceOf(stored);
        if (!source) return 0;
        let factor = factors.get(source);
        if (factor === undefined) {
          factor = scopes.has(source.scope) ? (boost ? boost(source) : 1) : 0;
          factors.set(source, factor);
        }
        return factor;
      },
      filter: (result) => {
        const source = sourceOf(result);
        return !!source && scopes.has(source.scope) && this.sources.get(source.key) === source;
      },
    });
    const hits: Hit[] = [];
    const taken = new Set<string>();
    for (const result of results) {
      const source = sourceOf(result);
      if (!source || taken.has(source.key)) continue;
      taken.add(source.key);
      hits.push({ source, passage: passageOf(result.id), score: result.score });
      if (hits.length >= limit) break;
    }
    return hits;
  }
}
