import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import DataObjectIcon from '@mui/icons-material/DataObject';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import FolderIcon from '@mui/icons-material/Folder';
import FolderOpenIcon from '@mui/icons-material/FolderOpen';
import { Box, Typography } from '@mui/material';
import { createContext, useContext, useEffect, useMemo, useRef } from 'react';
import { useTranslate } from 'react-admin';
import { type NodeApi, type NodeRendererProps, type RowRendererProps, Tree, type TreeApi } from 'react-arborist';
import type { StructureNode } from '../docApi';
import { dropPlaces, methodColor, methodLabel, nestNodes, type TreeItem } from './treeModel';
import { useElementSize } from './useElementSize';

export interface DocTreeProps {
  nodes: readonly StructureNode[];
  selectedId: number | null;
  canWrite: boolean;
  /** Filters the tree by name while typing (ancestors of a match stay visible). */
  searchTerm: string;
  onSelect(node: StructureNode): void;
  onMove(places: ReturnType<typeof dropPlaces> & {}): void;
  onContextMenu(node: StructureNode | null, position: { top: number; left: number }): void;
}

const ROW_HEIGHT = 30;

/** The method as a small coloured tag, Apifox's way of telling documents apart at a glance. */
export function MethodTag({ method, width = 34 }: { method: string; width?: number }) {
  return (
    <Box
      component="span"
      sx={{
        flex: 'none',
        width,
        fontSize: 10.5,
        fontWeight: 700,
        letterSpacing: 0.2,
        color: methodColor(method),
        fontFamily: 'monospace',
      }}
    >
      {methodLabel(method)}
    </Box>
  );
}

function KindIcon({ node, open }: { node: StructureNode; open: boolean }) {
  const sx = { fontSize: 17, flex: 'none' };
  switch (node.kind) {
    case 'folder':
      return open ? (
        <FolderOpenIcon sx={{ ...sx, color: '#f5b942' }} />
      ) : (
        <FolderIcon sx={{ ...sx, color: '#f5b942' }} />
      );
    case 'api':
      return <MethodTag method={node.method || 'GET'} />;
    case 'schema':
      return <DataObjectIcon sx={{ ...sx, color: '#7a5af8' }} />;
    default:
      return <ArticleOutlinedIcon sx={{ ...sx, color: '#2e90fa' }} />;
  }
}

// The open document, highlighted whatever the tree's own selection (focus moves, clicks elsewhere) says.
const SelectedContext = createContext<number | null>(null);

/**
 * react-arborist's own row is the treeitem (level, focus, keyboard); it says what the open document is, whether a
 * document (which never opens) is expanded not at all, and carries the attributes that find a node, so each node is
 * one treeitem and its content below is presentation only.
 */
function TreeRow({ node, attrs, innerRef, children }: RowRendererProps<TreeItem>) {
  const data = node.data.node;
  const selected = useContext(SelectedContext) === data.projectStructureId;
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the tree itself takes the keys (arrows, Enter) for its focused row
    <div
      {...attrs}
      role="treeitem"
      tabIndex={-1}
      ref={innerRef}
      aria-selected={selected}
      aria-expanded={node.isInternal ? node.isOpen : undefined}
      data-node-id={node.id}
      data-kind={data.kind}
      data-name={data.name}
      onFocus={(event) => event.stopPropagation()}
      onClick={node.handleClick}
    >
      {children}
    </div>
  );
}

function Row({ node, style, dragHandle }: NodeRendererProps<TreeItem>) {
  const data = node.data.node;
  const selected = useContext(SelectedContext) === data.projectStructureId;
  return (
    <Box
      ref={node.isDraggable ? dragHandle : undefined}
      style={style}
      onClick={() => node.isInternal && node.toggle()}
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 0.75,
        height: ROW_HEIGHT,
        pr: 1,
        cursor: 'pointer',
        borderRadius: 1,
        userSelect: 'none',
        bgcolor: selected ? 'action.selected' : node.willReceiveDrop ? 'action.hover' : undefined,
        outline: node.willReceiveDrop ? '1px dashed' : undefined,
        outlineColor: 'primary.main',
        opacity: node.isDragging ? 0.5 : 1,
        '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
      }}
    >
      <Box sx={{ width: 16, flex: 'none', display: 'flex', color: 'text.secondary' }}>
        {node.isInternal &&
          (node.isOpen ? <ExpandMoreIcon sx={{ fontSize: 16 }} /> : <ChevronRightIcon sx={{ fontSize: 16 }} />)}
      </Box>
      <KindIcon node={data} open={node.isOpen} />
      <Typography variant="body2" noWrap sx={{ flex: 1, minWidth: 0, fontSize: 13 }} title={data.name}>
        {data.name}
      </Typography>
      {node.isInternal && (
        <Typography variant="caption" color="text.secondary">
          {node.children?.length ?? 0}
        </Typography>
      )}
    </Box>
  );
}

/** The document tree: virtualized rows (thousands of nodes), drag and drop for writers, a context menu. */
export default function DocTree(props: DocTreeProps) {
  const { nodes, canWrite, selectedId, searchTerm } = props;
  const translate = useTranslate();
  const data = useMemo(() => nestNodes(nodes), [nodes]);
  const treeRef = useRef<TreeApi<TreeItem> | undefined>(undefined);
  const [boxRef, size] = useElementSize<HTMLDivElement>();
  // a document opened from a link or a search hit: its folders open and it scrolls into view
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tree mounts once it has a height, then its ref is set
  useEffect(() => {
    const tree = treeRef.current;
    if (!tree || !selectedId) return;
    tree.openParents(String(selectedId));
    tree.scrollTo(String(selectedId));
  }, [selectedId, size.height]);

  const contextMenu = (event: React.MouseEvent) => {
    event.preventDefault();
    const row = (event.target as HTMLElement).closest('[data-node-id]');
    const id = Number(row?.getAttribute('data-node-id'));
    const node = nodes.find((n) => n.projectStructureId === id) ?? null;
    props.onContextMenu(node, { top: event.clientY, left: event.clientX });
  };

  // The client refuses what the server would: a drop into a document, or a folder into itself or its own child.
  const disableDrop = ({ parentNode, dragNodes }: { parentNode: NodeApi<TreeItem>; dragNodes: NodeApi<TreeItem>[] }) =>
    (!parentNode.isRoot && parentNode.data.node.kind !== 'folder') ||
    dragNodes.some((drag) => isUnder(parentNode, drag));

  return (
    <Box ref={boxRef} onContextMenu={contextMenu} sx={{ flex: 1, minHeight: 0, overflow: 'hidden' }}>
      {size.height > 0 && (
        <SelectedContext.Provider value={selectedId}>
          <Tree<TreeItem>
            ref={treeRef}
            data={data}
            width={size.width}
            height={size.height}
            rowHeight={ROW_HEIGHT}
            indent={16}
            overscanCount={8}
            openByDefault={false}
            disableMultiSelection
            disableEdit
            disableDrag={!canWrite}
            disableDrop={canWrite ? disableDrop : true}
            selection={selectedId ? String(selectedId) : undefined}
            searchTerm={searchTerm}
            searchMatch={(node, term) => node.data.name.toLowerCase().includes(term.trim().toLowerCase())}
            onSelect={([node]) => node?.isLeaf && props.onSelect(node.data.node)}
            onMove={({ dragIds, parentId, index }) => {
              const places = dropPlaces(nodes, dragIds.map(Number), parentId ? Number(parentId) : 0, index);
              if (places) props.onMove(places);
            }}
            aria-label={translate('app.knowledge.doc.tree')}
            renderRow={TreeRow}
          >
            {Row}
          </Tree>
        </SelectedContext.Provider>
      )}
    </Box>
  );
}

/** True when `parent` lies under `drag` (a folder dropped into its own child). */
function isUnder(parent: NodeApi<TreeItem>, drag: NodeApi<TreeItem>): boolean {
  for (let node: NodeApi<TreeItem> | null = parent; node; node = node.parent) if (node.id === drag.id) return true;
  return false;
}
