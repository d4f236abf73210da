import { Divider, ListItemText, Menu, MenuItem } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { FollowMenuItem } from '../../chat/FollowMenuItem';
import {
  addStructure,
  copyStructure,
  type DropPlace,
  deleteStructure,
  docKeys,
  type NodeKind,
  type StructureNode,
  type StructureTree,
  saveTemplateApi,
  structureDropUpdate,
  updateStructure,
} from '../docApi';
import { isLocalKnowledge } from '../transport';
import { ConfirmDeleteDialog, MoveDialog, NameDialog, type NameValues } from './NodeDialog';
import { dropPlaces, isWithin } from './treeModel';

type Dialog =
  | { type: 'new'; kind: NodeKind; parentId: number }
  | { type: 'rename' | 'template' | 'move' | 'delete'; node: StructureNode }
  | null;

export interface MenuTarget {
  node: StructureNode | null;
  position: { top: number; left: number };
}

const NEW_KINDS: NodeKind[] = ['folder', 'api', 'page', 'schema'];

/**
 * What the tree's context menu and "+" button do: new folder / API / page / schema model, rename, copy, move,
 * delete with confirmation, save as template. Every change refreshes the tree; `onCreated` opens a new document.
 */
export function useTreeActions(projectId: number, nodes: readonly StructureNode[], onCreated: (id: number) => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [menu, setMenu] = useState<MenuTarget | null>(null);
  const [dialog, setDialog] = useState<Dialog>(null);
  const refresh = () => queryClient.invalidateQueries({ queryKey: docKeys.tree(projectId) });
  const done = () => {
    setDialog(null);
    return refresh();
  };

  const create = useMutation({
    mutationFn: ({ kind, parentId, values }: { kind: NodeKind; parentId: number; values: NameValues }) =>
      addStructure(projectId, {
        parentId,
        kind,
        name: values.name,
        ...(kind === 'api' ? { method: values.method, path: values.path || '/' } : {}),
      }),
    onSuccess: async (created, { kind }) => {
      await done();
      if (kind !== 'folder') onCreated(created.projectStructureId);
    },
  });
  const rename = useMutation({
    mutationFn: ({ node, name }: { node: StructureNode; name: string }) =>
      updateStructure(projectId, node.projectStructureId, name),
    onSuccess: async (_, { node }) => {
      await done();
      queryClient.invalidateQueries({ queryKey: docKeys.doc(projectId, node.projectStructureId) });
    },
  });
  const copy = useMutation({
    mutationFn: (node: StructureNode) => copyStructure(projectId, node.projectStructureId),
    onSuccess: () => refresh(),
  });
  const remove = useMutation({
    mutationFn: (node: StructureNode) => deleteStructure(projectId, node.projectStructureId),
    onSuccess: () => {
      notify('app.knowledge.doc.deleted', { type: 'success' });
      return done();
    },
  });
  const template = useMutation({
    mutationFn: ({ node, name }: { node: StructureNode; name: string }) =>
      saveTemplateApi(projectId, node.projectStructureId, name),
    onSuccess: () => {
      notify('app.knowledge.doc.template_saved', { type: 'success' });
      return done();
    },
  });
  // The tree moves at once; the server's refusal (or any error) puts it back as the server has it.
  const move = useMutation({
    mutationFn: (places: DropPlace[]) => structureDropUpdate(projectId, places),
    onMutate: (places) => {
      const moved = new Map(places.map((place) => [place.projectStructureId, place]));
      queryClient.setQueryData<StructureTree>(docKeys.tree(projectId), (tree) =>
        tree
          ? {
              nodes: tree.nodes.map((node) => {
                const place = moved.get(node.projectStructureId);
                return place ? { ...node, parentId: place.parentId, sort: place.sort } : node;
              }),
            }
          : tree,
      );
    },
    onSettled: () => done(),
  });

  const moveInto = (node: StructureNode, parentId: number) => {
    const places = dropPlaces(nodes, [node.projectStructureId], parentId, Number.MAX_SAFE_INTEGER);
    if (!places) notify('app.knowledge.doc.move_refused', { type: 'warning' });
    else move.mutate(places);
  };

  const open = (next: Dialog) => {
    setMenu(null);
    setDialog(next);
  };
  const node = menu?.node ?? null;
  const parentForNew = node ? (node.kind === 'folder' ? node.projectStructureId : node.parentId) : 0;

  const menuElement = (
    <Menu
      open={!!menu}
      onClose={() => setMenu(null)}
      anchorReference="anchorPosition"
      anchorPosition={menu?.position}
      slotProps={{ list: { dense: true, 'aria-label': translate('app.knowledge.doc.actions') } }}
    >
      {NEW_KINDS.map((kind) => (
        <MenuItem key={kind} onClick={() => open({ type: 'new', kind, parentId: parentForNew })}>
          <ListItemText>{translate(`app.knowledge.doc.new_${kind}`)}</ListItemText>
        </MenuItem>
      ))}
      {node && <Divider />}
      {node && (
        <MenuItem onClick={() => open({ type: 'rename', node })}>{translate('app.knowledge.doc.rename')}</MenuItem>
      )}
      {node && (
        <MenuItem
          onClick={() => {
            setMenu(null);
            copy.mutate(node);
          }}
        >
          {translate('app.knowledge.doc.copy')}
        </MenuItem>
      )}
      {node && <MenuItem onClick={() => open({ type: 'move', node })}>{translate('app.knowledge.doc.move')}</MenuItem>}
      {node?.kind === 'folder' && !isLocalKnowledge() && (
        <FollowMenuItem kind="folder" id={node.projectStructureId} onDone={() => setMenu(null)} />
      )}
      {node?.kind === 'api' && (
        <MenuItem onClick={() => open({ type: 'template', node })}>
          {translate('app.knowledge.doc.save_template')}
        </MenuItem>
      )}
      {node && <Divider />}
      {node && (
        <MenuItem sx={{ color: 'error.main' }} onClick={() => open({ type: 'delete', node })}>
          {translate('ra.action.delete')}
        </MenuItem>
      )}
    </Menu>
  );

  const target = dialog && 'node' in dialog ? dialog.node : null;
  const dialogs = (
    <>
      <NameDialog
        open={dialog?.type === 'new'}
        title={dialog?.type === 'new' ? translate(`app.knowledge.doc.new_${dialog.kind}`) : ''}
        withRequest={dialog?.type === 'new' && dialog.kind === 'api'}
        saving={create.isPending}
        onClose={() => setDialog(null)}
        onSave={(values) =>
          dialog?.type === 'new' && create.mutate({ kind: dialog.kind, parentId: dialog.parentId, values })
        }
      />
      <NameDialog
        open={dialog?.type === 'rename' || dialog?.type === 'template'}
        title={translate(dialog?.type === 'template' ? 'app.knowledge.doc.save_template' : 'app.knowledge.doc.rename')}
        initial={target?.name}
        saving={rename.isPending || template.isPending}
        onClose={() => setDialog(null)}
        onSave={({ name }) => {
          if (!target) return;
          if (dialog?.type === 'template') template.mutate({ node: target, name });
          else rename.mutate({ node: target, name });
        }}
      />
      <MoveDialog
        open={dialog?.type === 'move'}
        folders={nodes.filter(
          (n) => n.kind === 'folder' && (!target || !isWithin(nodes, n.projectStructureId, target.projectStructureId)),
        )}
        saving={move.isPending}
        onClose={() => setDialog(null)}
        onMove={(parentId) => target && moveInto(target, parentId)}
      />
      <ConfirmDeleteDialog
        node={dialog?.type === 'delete' ? dialog.node : null}
        saving={remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() => target && remove.mutate(target)}
      />
    </>
  );

  return { setMenu, menuElement, dialogs, move: (places: DropPlace[]) => move.mutate(places) };
}
