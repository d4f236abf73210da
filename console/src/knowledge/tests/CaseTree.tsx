import AddIcon from '@mui/icons-material/Add';
import FolderIcon from '@mui/icons-material/Folder';
import SearchIcon from '@mui/icons-material/Search';
import { Box, IconButton, InputAdornment, List, ListItemButton, TextField, Tooltip, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import type { StructureNode } from '../docApi';
import { MethodTag } from '../workspace/DocTree';
import { nestNodes, type TreeItem } from '../workspace/treeModel';
import { usePageMemory } from './pageMemory';
import { StatusDot } from './StatusChip';
import type { TestCaseSummary } from './testsApi';

interface Props {
  nodes: readonly StructureNode[];
  cases: TestCaseSummary[];
  selectedCaseId: number;
  /** The document a new case is being written for. */
  newForDoc: number;
  canWrite: boolean;
  onSelectCase(testCaseId: number): void;
  onNewCase(projectStructureId: number): void;
}

interface DocGroup {
  node: StructureNode | null;
  depth: number;
  cases: TestCaseSummary[];
}

type Line = { kind: 'folder'; name: string; depth: number; id: number } | ({ kind: 'doc' } & DocGroup);

const matches = (text: string, keyword: string) => text.toLowerCase().includes(keyword);

/** The api documents in tree order (folders as headings), each with its cases; cases of deleted documents last. */
export function buildLines(nodes: readonly StructureNode[], cases: TestCaseSummary[], keyword: string): Line[] {
  const byDoc = new Map<number, TestCaseSummary[]>();
  for (const c of [...cases].sort((a, b) => a.sort - b.sort || a.testCaseId - b.testCaseId)) {
    byDoc.set(c.projectStructureId, [...(byDoc.get(c.projectStructureId) ?? []), c]);
  }
  const word = keyword.trim().toLowerCase();
  const docLine = (node: StructureNode, depth: number): Line | null => {
    const own = byDoc.get(node.projectStructureId) ?? [];
    if (!word || matches(node.name, word) || matches(node.path, word)) return { kind: 'doc', node, depth, cases: own };
    const hits = own.filter((c) => matches(c.name, word));
    return hits.length ? { kind: 'doc', node, depth, cases: hits } : null;
  };
  const walk = (items: TreeItem[], depth: number): Line[] =>
    items.flatMap((item) => {
      if (item.node.kind === 'api') return [docLine(item.node, depth)].filter((l): l is Line => l !== null);
      if (item.node.kind !== 'folder') return [];
      const inner = walk(item.children ?? [], depth + 1);
      return inner.length
        ? [{ kind: 'folder' as const, name: item.name, depth, id: item.node.projectStructureId }, ...inner]
        : [];
    });
  const lines = walk(nestNodes(nodes), 0);
  const apiIds = new Set(nodes.filter((n) => n.kind === 'api').map((n) => n.projectStructureId));
  const orphans = cases.filter((c) => !apiIds.has(c.projectStructureId) && (!word || matches(c.name, word)));
  if (orphans.length) lines.push({ kind: 'doc', node: null, depth: 0, cases: orphans });
  return lines;
}

/** The cases pane: documents with their cases, a status dot of each case's last run, 新建用例 on a document. */
export function CaseTree({ nodes, cases, selectedCaseId, newForDoc, canWrite, onSelectCase, onNewCase }: Props) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.cases.${key}`, options);
  const [keyword, setKeyword] = usePageMemory('tests.caseSearch', '');
  const lines = useMemo(() => buildLines(nodes, cases, keyword), [nodes, cases, keyword]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, flex: 1 }}>
      <Box sx={{ p: 1 }}>
        <TextField
          size="small"
          fullWidth
          value={keyword}
          placeholder={t('search')}
          onChange={(event) => setKeyword(event.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: { 'aria-label': t('search') },
          }}
        />
      </Box>
      <List component="div" dense disablePadding sx={{ overflow: 'auto', flex: 1, pb: 2 }} data-testid="case-tree">
        {lines.length === 0 && (
          <Typography variant="body2" color="text.secondary" sx={{ p: 2, textAlign: 'center' }}>
            {t('no_match')}
          </Typography>
        )}
        {lines.map((line) =>
          line.kind === 'folder' ? (
            <Box
              key={`f${line.id}`}
              sx={{ display: 'flex', alignItems: 'center', gap: 0.75, pl: 1.5 + line.depth * 1.5, pt: 1, pb: 0.25 }}
            >
              <FolderIcon sx={{ fontSize: 15, color: '#f5b942' }} />
              <Typography variant="caption" color="text.secondary" noWrap sx={{ fontWeight: 600 }}>
                {line.name}
              </Typography>
            </Box>
          ) : (
            <DocLines
              key={line.node ? `d${line.node.projectStructureId}` : 'orphans'}
              line={line}
              selectedCaseId={selectedCaseId}
              newForDoc={newForDoc}
              canWrite={canWrite}
              onSelectCase={onSelectCase}
              onNewCase={onNewCase}
            />
          ),
        )}
      </List>
    </Box>
  );
}

function DocLines({
  line,
  selectedCaseId,
  newForDoc,
  canWrite,
  onSelectCase,
  onNewCase,
}: { line: DocGroup } & Omit<Props, 'nodes' | 'cases'>) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.cases.${key}`, options);
  const { node, depth, cases } = line;
  const indent = 1.5 + depth * 1.5;
  return (
    <Box data-testid="case-doc" data-name={node?.name ?? ''}>
      <Box
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 0.75,
          pl: indent,
          pr: 0.5,
          minHeight: 32,
          bgcolor: node && newForDoc === node.projectStructureId ? 'action.selected' : undefined,
          '&:hover .new-case': { opacity: 1 },
        }}
      >
        {node ? <MethodTag method={node.method || 'GET'} /> : null}
        <Typography
          variant="body2"
          noWrap
          title={node ? `${node.name} ${node.path}` : undefined}
          sx={{ flex: 1, fontWeight: 500, color: node ? 'text.primary' : 'text.secondary' }}
        >
          {node?.name ?? t('deleted_docs')}
        </Typography>
        {cases.length > 0 && (
          <Typography variant="caption" color="text.secondary">
            {cases.length}
          </Typography>
        )}
        {node && canWrite && (
          <Tooltip title={t('new_for', { name: node.name })}>
            <IconButton
              size="small"
              className="new-case"
              aria-label={t('new_for', { name: node.name })}
              onClick={() => onNewCase(node.projectStructureId)}
              sx={{ opacity: cases.length ? 0.35 : 0.8, p: 0.25 }}
            >
              <AddIcon sx={{ fontSize: 18 }} />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      {cases.map((c) => (
        <ListItemButton
          key={c.testCaseId}
          selected={c.testCaseId === selectedCaseId}
          onClick={() => onSelectCase(c.testCaseId)}
          data-testid="case-item"
          data-name={c.name}
          sx={{ pl: indent + 2.5, py: 0.25, gap: 1, minHeight: 30 }}
        >
          <StatusDot status={c.lastRun?.status ?? null} />
          <Typography variant="body2" noWrap sx={{ flex: 1 }}>
            {c.name}
          </Typography>
        </ListItemButton>
      ))}
    </Box>
  );
}
