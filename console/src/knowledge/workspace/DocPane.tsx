import EditIcon from '@mui/icons-material/Edit';
import { Alert, Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { type ComponentType, lazy, Suspense, useState } from 'react';
import { useTranslate } from 'react-admin';
import { FollowButton } from '../../chat/FollowButton';
import { formatMinute } from '../../utils/formatTime';
import { type DocDetail, docKeys, useDocDetail } from '../docApi';
import { FieldSuggestProject } from '../mock/fieldSuggest';
import MockSection from '../mock/MockSection';
import DocHistoryLink from '../publishing/history/DocHistoryLink';
import { isLocalKnowledge } from '../transport';
import ApiDocView from './ApiDocView';
import LinkedTasks from './LinkedTasks';
import MarkdownView from './MarkdownView';
import PageEditor from './PageEditor';
import { SchemaModelsProject, SchemaTable } from './SchemaTable';

export interface ApiEditorProps {
  projectId: number;
  detail: DocDetail;
  readOnly: boolean;
  onSaved(detail: DocDetail): void;
  onDirtyChange?(dirty: boolean): void;
}

// The API editor is another engineer's file: mounted when it exists, the Edit button hidden until then.
const editorModules = import.meta.glob<{ default: ComponentType<ApiEditorProps> }>('../editor/ApiEditor.tsx');
const loadEditor = editorModules['../editor/ApiEditor.tsx'];
const ApiEditor = loadEditor ? lazy(loadEditor) : null;
const SchemaModelEditor = lazy(() => import('../editor/SchemaModelEditor'));

function EditButton({ onClick }: { onClick(): void }) {
  const translate = useTranslate();
  return (
    <Button variant="outlined" size="small" startIcon={<EditIcon />} onClick={onClick}>
      {translate('ra.action.edit')}
    </Button>
  );
}

function Header({ detail, action }: { detail: DocDetail; action?: React.ReactNode }) {
  const translate = useTranslate();
  return (
    <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 2 }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="h5" component="h1" fontWeight={600} noWrap title={detail.name}>
          {detail.name}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {translate('app.knowledge.doc.updated_by', {
            name: detail.updatedByName,
            time: formatMinute(detail.updatedAt),
          })}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}

/** The right pane: the selected document read, or edited by a writer. */
export default function DocPane(props: {
  projectId: number;
  projectStructureId: number;
  canWrite: boolean;
  onDirtyChange(dirty: boolean): void;
}) {
  const { projectId, projectStructureId, canWrite, onDirtyChange } = props;
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const { data: detail, error, isPending } = useDocDetail(projectId, projectStructureId);
  // the parent keys this pane by document, so a newly picked document always opens read
  const [editing, setEditing] = useState(false);
  const close = () => {
    setEditing(false);
    onDirtyChange(false);
  };

  if (error) return <Alert severity="warning">{error.message}</Alert>;
  if (isPending || !detail) return <LinearProgress />;

  if (detail.kind === 'page') {
    if (editing && canWrite) {
      return (
        <PageEditor key={detail.projectStructureId} detail={detail} onClose={close} onDirtyChange={onDirtyChange} />
      );
    }
    const markdown = detail.page?.markdown ?? '';
    return (
      <Box data-testid="page-view">
        <Header
          detail={detail}
          action={
            <>
              {!isLocalKnowledge() && <FollowButton kind="doc" id={detail.projectDocId} />}
              <DocHistoryLink projectId={projectId} projectStructureId={projectStructureId} />
              {canWrite && <EditButton onClick={() => setEditing(true)} />}
            </>
          }
        />
        {markdown.trim() ? (
          <MarkdownView markdown={markdown} />
        ) : (
          <Typography color="text.secondary">{translate('app.knowledge.doc.page_empty')}</Typography>
        )}
        <Box sx={{ mt: 4 }}>
          <LinkedTasks detail={detail} canWrite={canWrite} />
        </Box>
      </Box>
    );
  }

  const Editor = detail.kind === 'api' ? ApiEditor : detail.kind === 'schema' ? SchemaModelEditor : null;
  if (editing && canWrite && Editor) {
    return (
      <Suspense fallback={<LinearProgress />}>
        {/* the editors' name inputs suggest from this project's field library */}
        <FieldSuggestProject.Provider value={projectId}>
          <Stack direction="row" justifyContent="flex-end" sx={{ mb: 1 }}>
            <Button size="small" onClick={close}>
              {translate('app.knowledge.doc.close_editor')}
            </Button>
          </Stack>
          <Editor
            projectId={projectId}
            detail={detail}
            readOnly={!canWrite}
            onDirtyChange={onDirtyChange}
            onSaved={(saved) => {
              queryClient.setQueryData(docKeys.doc(projectId, projectStructureId), saved);
              queryClient.invalidateQueries({ queryKey: docKeys.tree(projectId) });
            }}
          />
        </FieldSuggestProject.Provider>
      </Suspense>
    );
  }

  if (detail.kind === 'api') {
    return (
      <SchemaModelsProject.Provider value={projectId}>
        <ApiDocView
          detail={detail}
          canWrite={canWrite}
          mock={<MockSection detail={detail} canWrite={canWrite} />}
          actions={
            <>
              {!isLocalKnowledge() && <FollowButton kind="doc" id={detail.projectDocId} />}
              <DocHistoryLink projectId={projectId} projectStructureId={projectStructureId} />
              {canWrite && ApiEditor && <EditButton onClick={() => setEditing(true)} />}
            </>
          }
        />
      </SchemaModelsProject.Provider>
    );
  }

  // a schema model: the shared shape documents refer to
  return (
    <Box data-testid="schema-view">
      <Header
        detail={detail}
        action={
          <>
            {!isLocalKnowledge() && <FollowButton kind="doc" id={detail.projectDocId} />}
            <DocHistoryLink projectId={projectId} projectStructureId={projectStructureId} />
            {canWrite && <EditButton onClick={() => setEditing(true)} />}
          </>
        }
      />
      {detail.schema?.description && <MarkdownView markdown={detail.schema.description} sx={{ mb: 2 }} />}
      <SchemaModelsProject.Provider value={projectId}>
        <SchemaTable schema={detail.schema?.schema ?? {}} />
      </SchemaModelsProject.Provider>
    </Box>
  );
}
