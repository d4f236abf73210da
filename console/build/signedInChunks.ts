import type { GetManualChunk, ManualChunkMeta, OutputOptions } from 'rollup';
import type { Plugin } from 'vite';

/**
 * Issue 24: a signed-in visit used to fetch ~110 small chunks (react-admin, the layout and each MUI component apart),
 * and over HTTP/1.1's six connections per host they arrived one batch after another. Here the modules the signed-in
 * path imports go into a few larger chunks instead:
 *
 * - `signed-in`: what the app (react-admin) and the layout import, with the screens' messages;
 * - `screen-home`, `screen-board`: what the two common first screens import on top of that.
 *
 * What the first script (the login page, index.html) uses stays in that script: the login page loads exactly what it
 * loaded before (the plugin fails the build if the first script would import one of these chunks). Every module not
 * named here keeps Rollup's own splitting (`onlyExplicitManualChunks`: no dependency is pulled in along).
 */
const GROUPS: [name: string, roots: string[]][] = [
  ['signed-in', ['/src/App.tsx', '/src/layout/AppLayout.tsx', '/src/i18n/zh-CN.ts']],
  ['screen-home', ['/src/home/HomePage.tsx']],
  ['screen-board', ['/src/tasks/ProjectHomePage.tsx']],
];

type Info = NonNullable<ReturnType<ManualChunkMeta['getModuleInfo']>>;
type Node = { type: string; [key: string]: unknown };
type Spec = { type: string; imported?: { name?: string; value?: string }; local?: { name?: string } };
type Names = Set<string> | 'all';

const nameOf = (node: { name?: string; value?: string } | undefined) => node?.name ?? node?.value ?? '';

/** Import/export sources in order of first appearance: Rollup's importedIds lists their resolutions so. */
function sourceIds(info: Info): Map<string, string> | null {
  const body = ((info.ast as { body?: Node[] } | null)?.body ?? []) as Node[];
  const sources: string[] = [];
  for (const node of body) {
    const source = (node.source as { value?: string } | null | undefined)?.value;
    if (source && !sources.includes(source)) sources.push(source);
  }
  if (sources.length !== info.importedIds.length) return null;
  return new Map(sources.map((source, n) => [source, info.importedIds[n] as string]));
}

/**
 * The modules `roots` use, following only the names imported through re-exports: a barrel (`@mui/material`,
 * `react-admin`) brings in what is imported from it, not all it re-exports, as Rollup's tree-shaking does. When a
 * module's sources cannot be matched to its imports, everything it imports counts.
 */
function usedModules(meta: ManualChunkMeta, roots: string[]): Set<string> {
  const reached = new Map<string, Names>();
  const queue: [string, Names][] = roots.map((id) => [id, 'all']);
  // a module's export names, with those of its `export *` sources (Rollup's ModuleInfo lists those as '*')
  const exportNamesOf = new Map<string, Set<string> | null>();
  const exportNames = (id: string): Set<string> | null => {
    if (exportNamesOf.has(id)) return exportNamesOf.get(id) ?? null;
    exportNamesOf.set(id, new Set()); // a cycle of `export *` adds nothing more
    const info = meta.getModuleInfo(id);
    const ids = info && sourceIds(info);
    if (!info?.exports || !ids) {
      exportNamesOf.set(id, null);
      return null;
    }
    const names = new Set(info.exports.filter((name) => name !== '*'));
    for (const node of ((info.ast as { body?: Node[] } | null)?.body ?? []) as Node[]) {
      const source = (node.source as { value?: string } | null | undefined)?.value;
      if (node.type !== 'ExportAllDeclaration' || !source || node.exported) continue;
      const target = ids.get(source);
      const more = target ? exportNames(target) : null;
      if (!more) {
        exportNamesOf.set(id, null);
        return null;
      }
      for (const name of more) if (name !== 'default') names.add(name);
    }
    exportNamesOf.set(id, names);
    return names;
  };
  const need = (id: string | undefined, names: Names) => {
    if (id) queue.push([id, names]);
  };
  while (queue.length) {
    const [id, names] = queue.pop() as [string, Names];
    const before = reached.get(id);
    const fresh = before === undefined;
    if (before === 'all' || (before && names !== 'all' && [...names].every((n) => before.has(n)))) continue;
    const wanted: Names = names === 'all' || before === undefined ? names : new Set([...before, ...names]);
    reached.set(id, wanted);
    const info = meta.getModuleInfo(id);
    if (!info) continue;
    const ids = sourceIds(info);
    if (!ids) {
      if (fresh) for (const dep of info.importedIds) need(dep, 'all');
      continue;
    }
    const body = ((info.ast as { body?: Node[] } | null)?.body ?? []) as Node[];
    const local = new Set<string>();
    for (const node of body) {
      const source = (node.source as { value?: string } | null | undefined)?.value;
      const specifiers = (node.specifiers ?? []) as Spec[];
      if (node.type === 'ImportDeclaration' && source && fresh) {
        const all = specifiers.some((s) => s.type === 'ImportNamespaceSpecifier');
        need(
          ids.get(source),
          all
            ? 'all'
            : new Set(specifiers.map((s) => (s.type === 'ImportDefaultSpecifier' ? 'default' : nameOf(s.imported)))),
        );
      } else if (node.type === 'ExportNamedDeclaration' && source) {
        const picked = specifiers
          .filter((s) => wanted === 'all' || wanted.has(nameOf((s as { exported?: { name?: string } }).exported)))
          .map((s) => nameOf(s.local));
        for (const s of specifiers) local.add(nameOf((s as { exported?: { name?: string } }).exported));
        if (picked.length) need(ids.get(source), new Set(picked));
      } else if (node.type === 'ExportNamedDeclaration' || node.type === 'ExportDefaultDeclaration') {
        local.add('*own');
      }
    }
    for (const node of body) {
      const source = (node.source as { value?: string } | null | undefined)?.value;
      if (node.type !== 'ExportAllDeclaration' || !source) continue;
      const exported = nameOf(node.exported as { name?: string } | undefined);
      if (exported) {
        if (wanted === 'all' || wanted.has(exported)) need(ids.get(source), 'all');
      } else if (wanted === 'all') need(ids.get(source), 'all');
      else {
        // only the names the target exports (a barrel's `export *` lines each give a few of them)
        const target = ids.get(source);
        const exports = target ? exportNames(target) : null;
        const rest = [...wanted].filter((n) => !local.has(n) && (!exports || exports.has(n)));
        if (rest.length) need(target, new Set(rest));
      }
    }
  }
  return new Set(reached.keys());
}

function manualChunks(): GetManualChunk {
  let assigned: Map<string, string> | null = null;
  const plan = (meta: ManualChunkMeta) => {
    const ids = [...meta.getModuleIds()];
    const entries = ids.filter((id) => meta.getModuleInfo(id)?.isEntry);
    const taken = usedModules(meta, entries);
    const result = new Map<string, string>();
    for (const [name, roots] of GROUPS) {
      const rootIds = ids.filter((id) => roots.some((root) => id.endsWith(root)));
      if (rootIds.length !== roots.length) throw new Error(`signedInChunks: ${name} misses one of ${roots.join(', ')}`);
      // the walk goes through the first script's modules too (a barrel it shares leads to modules it does not use)
      for (const id of usedModules(meta, rootIds)) {
        if (taken.has(id)) continue;
        result.set(id, name);
        taken.add(id);
      }
    }
    return result;
  };
  return (id, meta) => {
    assigned ??= plan(meta);
    return assigned.get(id);
  };
}

const GROUP_NAMES = new Set(GROUPS.map(([name]) => name));

/** The output options, and a check that the first script imports none of the signed-in chunks. */
export function signedInChunks(): { output: OutputOptions; plugin: Plugin } {
  return {
    output: { manualChunks: manualChunks(), onlyExplicitManualChunks: true } as OutputOptions,
    plugin: {
      name: 'pmbok-signed-in-chunks',
      apply: 'build',
      generateBundle(_options, bundle) {
        const byFile = new Map(Object.values(bundle).map((chunk) => [chunk.fileName, chunk]));
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk' || !chunk.isEntry) continue;
          const seen = new Set<string>();
          const queue = [...chunk.imports];
          while (queue.length) {
            const file = queue.pop() as string;
            if (seen.has(file)) continue;
            seen.add(file);
            const dep = byFile.get(file);
            if (dep?.type !== 'chunk') continue;
            if (GROUP_NAMES.has(dep.name))
              this.error(`signedInChunks: the first script ${chunk.fileName} would load ${file} (a module of both)`);
            queue.push(...dep.imports);
          }
        }
      },
    },
  };
}
