import { Alert, Box, LinearProgress, Typography } from '@mui/material';
import type { ShareLinkInfo } from '@pmbok/api-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { publicDoc, publishingKeys } from '../knowledge/publishing/publishingApi';
import ApiDocView from '../knowledge/workspace/ApiDocView';
import MarkdownView from '../knowledge/workspace/MarkdownView';
import { SchemaTable } from '../knowledge/workspace/SchemaTable';
import { formatMinute } from '../utils/formatTime';
import { PASSWORD_NEEDED } from './shareAccess';

/**
 * One covered document, read only, in the workspace's own views. Its project id is left out (0) so nothing of the
 * project that needs an account (members, referred models) is asked for; the environments come with the link.
 */
export default function PublicDocView(props: {
  token: string;
  access: string;
  projectStructureId: number;
  /** The access ran out while reading: the page asks for the password again. */
  onLocked(): void;
}) {
  const { token, access, projectStructureId, onLocked } = props;
  const translate = useTranslate();
  // The link's info is in the cache already (the page asked for it once, which counted the open).
  const info = useQueryClient().getQueryData<ShareLinkInfo>(publishingKeys.shareInfo(token));
  const environments = (info?.servers ?? []).map((server, sort) => ({
    projectConfigId: sort + 1,
    name: server.name,
    baseUrl: server.baseUrl,
    variables: [],
    headers: [],
    sort,
  }));
  const { data, error, isPending } = useQuery({
    queryKey: publishingKeys.publicDoc(token, projectStructureId, access),
    queryFn: () => publicDoc(token, projectStructureId, access),
    retry: false,
    refetchOnWindowFocus: false,
  });
  const locked = error?.message === PASSWORD_NEEDED;
  useEffect(() => {
    if (locked) onLocked();
  }, [locked, onLocked]);
  if (error) return <Alert severity="warning">{error.message}</Alert>;
  if (isPending || !data) return <LinearProgress />;
  const detail = { ...data, projectId: 0 };

  if (detail.kind === 'api')
    return <ApiDocView detail={detail} canWrite={false} publicReader environments={environments} />;
  return (
    <Box data-testid={detail.kind === 'page' ? 'page-view' : 'schema-view'}>
      <Typography variant="h5" component="h1" fontWeight={600} title={detail.name}>
        {detail.name}
      </Typography>
      <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 2 }}>
        {formatMinute(detail.updatedAt)}
      </Typography>
      {detail.kind === 'page' ? (
        detail.page?.markdown.trim() ? (
          <MarkdownView markdown={detail.page.markdown} />
        ) : (
          <Typography color="text.secondary">{translate('app.knowledge.doc.page_empty')}</Typography>
        )
      ) : (
        <>
          {detail.schema?.description && <MarkdownView markdown={detail.schema.description} sx={{ mb: 2 }} />}
          <SchemaTable schema={detail.schema?.schema ?? {}} />
        </>
      )}
    </Box>
  );
}
