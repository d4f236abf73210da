import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import HttpIcon from '@mui/icons-material/Http';
import { Alert, Box, Button, LinearProgress, Paper, Stack, Typography } from '@mui/material';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { addStructure, docKeys, type NodeKind, useProjectMe, useProjectStructure } from '../docApi';
import { ProjectLayout, useRouteProjectId } from '../ProjectNav';
import DocPane from './DocPane';
import TreePane from './TreePane';

const TREE_WIDTH_KEY = 'knowledge.treeWidth';
const MIN_TREE = 220;
const MAX_TREE = 560;

const storedWidth = () => {
  const width = Number(localStorage.getItem(TREE_WIDTH_KEY));
  return width >= MIN_TREE && width <= MAX_TREE ? width : 280;
};

/** A first run (`?isNew=1`, or any empty project for a writer): say where to start, with one click for each. */
function FirstRun({
  projectId,
  canWrite,
  onCreated,
}: {
  projectId: number;
  canWrite: boolean;
  onCreated(id: number): void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (kind: NodeKind) =>
      addStructure(projectId, {
        parentId: 0,
        kind,
        name: translate(kind === 'api' ? 'app.knowledge.doc.first_api_name' : 'app.knowledge.doc.first_page_name'),
        ...(kind === 'api' ? { method: 'GET', path: '/hello' } : {}),
      }),
    onSuccess: async (created) => {
      await queryClient.invalidateQueries({ queryKey: docKeys.tree(projectId) });
      onCreated(created.projectStructureId);
    },
  });
  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 8 }, textAlign: 'center' }} data-testid="first-run">
      <Typography variant="h5" fontWeight={600} gutterBottom>
        {translate('app.knowledge.doc.first_title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(canWrite ? 'app.knowledge.doc.first_hint' : 'app.knowledge.doc.first_hint_viewer')}
      </Typography>
      {canWrite && (
        <Stack direction="row" spacing={2} justifyContent="center">
          <Button
            variant="contained"
            startIcon={<HttpIcon />}
            disabled={create.isPending}
            onClick={() => create.mutate('api')}
          >
            {translate('app.knowledge.doc.first_api')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<ArticleOutlinedIcon />}
            disabled={create.isPending}
            onClick={() => create.mutate('page')}
          >
            {translate('app.knowledge.doc.first_page')}
          </Button>
        </Stack>
      )}
    </Box>
  );
}

/** /project/index/:projectId: the document tree at the left, the selected document (`?doc=`) at the right. */
export default function WorkspacePage() {
  const translate = useTranslate();
  const projectId = useRouteProjectId();
  const [params, setParams] = useSearchParams();
  const selectedId = Number(params.get('doc')) || null;
  const tree = useProjectStructure(projectId);
  const me = useProjectMe(projectId);
  const canWrite = me.data?.canWrite ?? false;
  const [width, setWidth] = useState(storedWidth);
  const dragging = useRef(false);
  const [, setDirty] = useState(false);
  const onDirtyChange = useCallback((dirty: boolean) => setDirty(dirty), []);

  const select = useCallback(
    (id: number) =>
      setParams((old) => {
        const next = new URLSearchParams(old);
        next.set('doc', String(id));
        next.delete('isNew');
        return next;
      }),
    [setParams],
  );

  const startResize = (event: React.PointerEvent) => {
    dragging.current = true;
    (event.target as HTMLElement).setPointerCapture(event.pointerId);
  };
  const resize = (event: React.PointerEvent) => {
    if (!dragging.current) return;
    const box = (event.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
    setWidth(Math.min(MAX_TREE, Math.max(MIN_TREE, event.clientX - box.left)));
  };
  const endResize = () => {
    dragging.current = false;
    localStorage.setItem(TREE_WIDTH_KEY, String(width));
  };

  // A refused project has no pages to go to: its nav would only lead to more refusals.
  if (tree.error) {
    return (
      <Box sx={{ p: { xs: 1, md: 2 }, maxWidth: 640 }} data-testid="workspace-refused">
        <Alert
          severity="warning"
          action={
            <Button component={Link} to="/api" color="inherit" size="small" startIcon={<ArrowBackIcon />}>
              {translate('app.knowledge.nav.back')}
            </Button>
          }
        >
          {tree.error.message || translate('app.knowledge.doc.refused')}
        </Alert>
      </Box>
    );
  }
  const nodes = tree.data?.nodes ?? [];
  const empty = !tree.isPending && nodes.length === 0;

  return (
    <ProjectLayout projectId={projectId}>
      <Paper
        variant="outlined"
        data-testid="knowledge-workspace"
        sx={{
          display: 'flex',
          height: { xs: 'auto', md: 'calc(100vh - 140px)' },
          minHeight: 520,
          overflow: 'hidden',
          // its width is the layout's, never its content's: a wide editor table scrolls inside the pane
          containerType: 'inline-size',
        }}
      >
        <Box sx={{ width, flex: 'none', display: 'flex', flexDirection: 'column', minHeight: 0 }}>
          {tree.isPending ? (
            <LinearProgress />
          ) : (
            <TreePane
              projectId={projectId}
              nodes={nodes}
              selectedId={selectedId}
              canWrite={canWrite}
              onSelect={select}
            />
          )}
        </Box>
        <Box
          role="separator"
          aria-orientation="vertical"
          aria-label={translate('app.knowledge.doc.resize_tree')}
          onPointerDown={startResize}
          onPointerMove={resize}
          onPointerUp={endResize}
          sx={{
            width: 5,
            flex: 'none',
            cursor: 'col-resize',
            borderLeft: 1,
            borderColor: 'divider',
            '&:hover': { bgcolor: 'primary.light', opacity: 0.4 },
          }}
        />
        <Box sx={{ flex: 1, minWidth: 0, overflow: 'auto', p: { xs: 2, md: 3 } }}>
          {selectedId ? (
            <DocPane
              key={selectedId}
              projectId={projectId}
              projectStructureId={selectedId}
              canWrite={canWrite}
              onDirtyChange={onDirtyChange}
            />
          ) : empty || (params.get('isNew') === '1' && !nodes.some((n) => n.kind !== 'folder')) ? (
            <FirstRun projectId={projectId} canWrite={canWrite} onCreated={select} />
          ) : (
            <Typography color="text.secondary" sx={{ mt: 8, textAlign: 'center' }}>
              {translate('app.knowledge.doc.pick_document')}
            </Typography>
          )}
        </Box>
      </Paper>
    </ProjectLayout>
  );
}
