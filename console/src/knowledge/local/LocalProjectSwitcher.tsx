import { ListSubheader, MenuItem, TextField } from '@mui/material';
import type { KnowledgeProject, KnowledgeProjectCreated } from '@pmbok/api-types';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { localKnowledge } from './handler';
import { rememberLocalProject } from './sample';
import { localProjectKey } from './useLocalKnowledge';

const NEW = -1;
const listKey = ['localKnowledge', 'list'] as const;

/** One local project by default, more allowed: which one the id-less project screens show, and a new one. */
export function LocalProjectSwitcher({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { data: projects = [] } = useQuery({
    queryKey: listKey,
    queryFn: () => localKnowledge<KnowledgeProject[]>('project/list', {}),
  });

  const open = async (id: number) => {
    let chosen = id;
    if (id === NEW) {
      const name = translate('app.knowledge.local.new_project_name', { n: projects.length + 1 });
      chosen = (await localKnowledge<KnowledgeProjectCreated>('project/create', { name })).projectId;
      await queryClient.invalidateQueries({ queryKey: listKey });
    }
    rememberLocalProject(chosen);
    await queryClient.invalidateQueries({ queryKey: localProjectKey });
    navigate('/project/index');
  };

  if (projectId <= 0) return null;
  return (
    <TextField
      select
      size="small"
      value={projects.some((p) => p.projectId === projectId) ? projectId : ''}
      onChange={(event) => void open(Number(event.target.value))}
      slotProps={{ htmlInput: { 'aria-label': translate('app.knowledge.local.switch') } }}
      variant="outlined"
      sx={{ minWidth: 180, mr: 1, '& .MuiInputBase-root': { bgcolor: 'background.paper' } }}
    >
      {projects.map((project) => (
        <MenuItem key={project.projectId} value={project.projectId}>
          {project.name}
        </MenuItem>
      ))}
      <ListSubheader sx={{ lineHeight: 1, py: 0.5 }} />
      <MenuItem value={NEW}>{translate('app.knowledge.local.new_project')}</MenuItem>
    </TextField>
  );
}
