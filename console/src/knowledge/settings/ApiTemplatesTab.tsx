import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import { Box, IconButton, Table, TableBody, TableCell, TableHead, TableRow, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { formatMinute } from '../../utils/formatTime';
import { knowledgeApi, type StructureNode } from '../knowledgeApi';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

/** The usual colours of the methods in API tools, so a list reads at a glance. */
const METHOD_COLOURS: Record<string, string> = {
  GET: '#52c41a',
  POST: '#fa8c16',
  PUT: '#1890ff',
  PATCH: '#13c2c2',
  DELETE: '#f5222d',
};

export const MethodLabel = ({ method }: { method: string }) => (
  <Box
    component="span"
    sx={{ fontFamily: 'monospace', fontWeight: 700, fontSize: 12, color: METHOD_COLOURS[method] ?? 'text.secondary' }}
  >
    {method}
  </Box>
);

/** The project's API templates (documents saved to start new ones from); they are made in the document tree. */
export const ApiTemplatesTab = ({ projectId, settings, readOnly }: TabProps) => {
  const translate = useTranslate();
  const { busy, run } = useProjectChange(projectId);
  const [deleting, setDeleting] = useState<StructureNode | null>(null);
  const templates = settings.templates;

  return (
    <Box data-testid="api-templates-tab">
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {translate('app.knowledge.templates.intro')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell>{translate('app.knowledge.templates.name')}</TableCell>
            <TableCell>{translate('app.knowledge.templates.path')}</TableCell>
            <TableCell sx={{ width: 160 }}>{translate('app.knowledge.templates.updated')}</TableCell>
            {!readOnly && <TableCell align="right" sx={{ width: 64 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {templates.map((template) => (
            <TableRow key={template.projectStructureId} hover data-testid="api-template" data-name={template.name}>
              <TableCell sx={{ fontWeight: 600 }}>{template.name}</TableCell>
              <TableCell>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'baseline' }}>
                  <MethodLabel method={template.method} />
                  <Typography variant="body2" sx={{ fontFamily: 'monospace' }} noWrap>
                    {template.path}
                  </Typography>
                </Box>
              </TableCell>
              <TableCell>{formatMinute(template.updatedAt)}</TableCell>
              {!readOnly && (
                <TableCell align="right">
                  <Tooltip title={translate('ra.action.delete')}>
                    <IconButton
                      size="small"
                      aria-label={translate('ra.action.delete')}
                      onClick={() => setDeleting(template)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {templates.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('app.knowledge.templates.empty')}
        </Typography>
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        loading={busy}
        title="app.knowledge.templates.delete_title"
        content="app.knowledge.templates.delete_content"
        contentTranslateOptions={{ name: deleting?.name ?? '' }}
        confirmColor="warning"
        onConfirm={async () => {
          if (deleting)
            await run(
              () => knowledgeApi.removeApiTemplate(projectId, deleting.projectStructureId),
              'app.knowledge.templates.deleted',
            );
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
