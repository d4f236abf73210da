import { Alert, Box, LinearProgress, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { formatMinute } from '../../../utils/formatTime';
import ApiDocView from '../../workspace/ApiDocView';
import MarkdownView from '../../workspace/MarkdownView';
import { SchemaModelsProject, SchemaTable } from '../../workspace/SchemaTable';
import { publishingKeys, versionDoc } from '../publishingApi';

/** One document exactly as it was at a version, read only, in the workspace's own views. */
export default function VersionDocView(props: {
  projectId: number;
  versionId: number;
  projectStructureId: number;
  actions?: ReactNode;
}) {
  const { projectId, versionId, projectStructureId, actions } = props;
  const translate = useTranslate();
  const {
    data: detail,
    error,
    isPending,
  } = useQuery({
    queryKey: publishingKeys.versionDoc(projectId, versionId, projectStructureId),
    queryFn: () => versionDoc(projectId, versionId, projectStructureId),
    retry: false,
    // a version never changes: what was read once stays true
    staleTime: Number.POSITIVE_INFINITY,
  });
  if (error) return <Alert severity="warning">{error.message}</Alert>;
  if (isPending || !detail) return <LinearProgress />;

  if (detail.kind === 'api') {
    return (
      <SchemaModelsProject.Provider value={projectId}>
        <ApiDocView detail={detail} canWrite={false} actions={actions} />
      </SchemaModelsProject.Provider>
    );
  }
  return (
    <Box data-testid={detail.kind === 'page' ? 'page-view' : 'schema-view'}>
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
        {actions}
      </Stack>
      {detail.kind === 'page' ? (
        detail.page?.markdown.trim() ? (
          <MarkdownView markdown={detail.page.markdown} />
        ) : (
          <Typography color="text.secondary">{translate('app.knowledge.doc.page_empty')}</Typography>
        )
      ) : (
        <>
          {detail.schema?.description && <MarkdownView markdown={detail.schema.description} sx={{ mb: 2 }} />}
          <SchemaModelsProject.Provider value={projectId}>
            <SchemaTable schema={detail.schema?.schema ?? {}} />
          </SchemaModelsProject.Provider>
        </>
      )}
    </Box>
  );
}
