import AddIcon from '@mui/icons-material/Add';
import ScienceOutlinedIcon from '@mui/icons-material/ScienceOutlined';
import { Autocomplete, Avatar, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import type { StructureNode } from '../docApi';
import { projectPath } from '../ProjectNav';
import { MethodTag } from '../workspace/DocTree';

/** A project without cases: what a case is, and one click to start the first from an api document. */
export function EmptyState({
  projectId,
  nodes,
  canWrite,
  onCreate,
}: {
  projectId: number;
  nodes: readonly StructureNode[];
  canWrite: boolean;
  onCreate(projectStructureId: number): void;
}) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.tests.empty.${key}`);
  const apis = nodes.filter((n) => n.kind === 'api');
  const [picked, setPicked] = useState<StructureNode | null>(apis[0] ?? null);

  return (
    <Box sx={{ maxWidth: 560, mx: 'auto', mt: { xs: 2, md: 8 }, textAlign: 'center' }} data-testid="tests-empty">
      <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 2.5, bgcolor: 'primary.light' }}>
        <ScienceOutlinedIcon sx={{ fontSize: 40 }} />
      </Avatar>
      <Typography variant="h5" fontWeight={600} gutterBottom>
        {t('title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {canWrite ? (apis.length ? t('hint') : t('no_docs')) : t('viewer')}
      </Typography>
      {canWrite && apis.length > 0 && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} justifyContent="center" alignItems="center">
          <Autocomplete
            options={apis}
            value={picked}
            onChange={(_e, value) => setPicked(value)}
            getOptionLabel={(n) => n.name}
            isOptionEqualToValue={(a, b) => a.projectStructureId === b.projectStructureId}
            renderOption={({ key, ...props }, n) => (
              <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1 }}>
                <MethodTag method={n.method || 'GET'} />
                <Box sx={{ minWidth: 0 }}>
                  <Typography variant="body2" noWrap>
                    {n.name}
                  </Typography>
                  <Typography
                    variant="caption"
                    color="text.secondary"
                    noWrap
                    component="div"
                    sx={{ fontFamily: 'monospace' }}
                  >
                    {n.path}
                  </Typography>
                </Box>
              </Box>
            )}
            renderInput={(params) => <TextField {...params} size="small" label={t('pick_doc')} />}
            sx={{ width: 300 }}
          />
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            disabled={!picked}
            onClick={() => picked && onCreate(picked.projectStructureId)}
            sx={{ whiteSpace: 'nowrap' }}
          >
            {t('create')}
          </Button>
        </Stack>
      )}
      {canWrite && apis.length === 0 && (
        <Button component={Link} to={projectPath('index', projectId)} variant="contained">
          {t('to_docs')}
        </Button>
      )}
    </Box>
  );
}
