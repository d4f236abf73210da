import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import { Box, Button, Card, IconButton, Tooltip, Typography } from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { type Environment, type EnvironmentFields, knowledgeApi } from '../knowledgeApi';
import { EnvironmentDialog } from './EnvironmentDialog';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

/** The project's named environments (base URL, variables, common headers). */
export const EnvironmentsTab = ({ projectId, settings, readOnly }: TabProps) => {
  const translate = useTranslate();
  const { busy, run } = useProjectChange(projectId);
  // undefined: no dialog; null: a new environment
  const [editing, setEditing] = useState<Environment | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Environment | null>(null);
  const environments = [...settings.environments].sort((a, b) => a.sort - b.sort);

  const save = async (fields: EnvironmentFields) => {
    const target = editing;
    const saved = await run(
      () =>
        target
          ? knowledgeApi.updateEnvironment(projectId, target.projectConfigId, fields)
          : knowledgeApi.addEnvironment(projectId, fields),
      'app.knowledge.environments.saved',
    );
    if (saved) setEditing(undefined);
  };

  return (
    <Box data-testid="environments-tab">
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {translate('app.knowledge.environments.add')}
          </Button>
        </Box>
      )}
      {environments.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('app.knowledge.environments.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'grid', gap: 1.5 }}>
        {environments.map((environment) => (
          <Card
            key={environment.projectConfigId}
            variant="outlined"
            sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 1.5 }}
            data-testid="environment"
            data-name={environment.name}
          >
            <DnsOutlinedIcon color="primary" />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ fontWeight: 600 }}>{environment.name}</Typography>
              <Typography
                variant="body2"
                color={environment.baseUrl ? 'text.primary' : 'text.secondary'}
                noWrap
                sx={{ fontFamily: environment.baseUrl ? 'monospace' : undefined }}
              >
                {environment.baseUrl || translate('app.knowledge.environments.no_base_url')}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('app.knowledge.environments.counts', {
                  variables: environment.variables.length,
                  headers: environment.headers.length,
                })}
              </Typography>
            </Box>
            <Tooltip title={translate(readOnly ? 'ra.action.show' : 'ra.action.edit')}>
              <IconButton
                aria-label={translate(readOnly ? 'ra.action.show' : 'ra.action.edit')}
                onClick={() => setEditing(environment)}
              >
                {readOnly ? <VisibilityOutlinedIcon /> : <EditOutlinedIcon />}
              </IconButton>
            </Tooltip>
            {!readOnly && (
              <Tooltip title={translate('ra.action.delete')}>
                <IconButton aria-label={translate('ra.action.delete')} onClick={() => setDeleting(environment)}>
                  <DeleteOutlineIcon />
                </IconButton>
              </Tooltip>
            )}
          </Card>
        ))}
      </Box>
      {editing !== undefined && (
        <EnvironmentDialog
          environment={editing}
          busy={busy}
          readOnly={readOnly}
          onSave={save}
          onClose={() => setEditing(undefined)}
        />
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        loading={busy}
        title="app.knowledge.environments.delete_title"
        content="app.knowledge.environments.delete_content"
        contentTranslateOptions={{ name: deleting?.name ?? '' }}
        confirmColor="warning"
        onConfirm={async () => {
          if (deleting)
            await run(
              () => knowledgeApi.removeEnvironment(projectId, deleting.projectConfigId),
              'app.knowledge.environments.deleted',
            );
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};
