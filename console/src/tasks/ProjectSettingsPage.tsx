import { Box } from '@mui/material';
import { ProjectActionsCard } from './ProjectActionsCard';
import { ProjectInfoCard } from './ProjectInfoCard';
import { ProjectShell } from './ProjectShell';

/** /taskManage/index/:projectId: the project's fields, its status actions and copying it. */
const ProjectSettingsPage = () => (
  <ProjectShell page="index">
    {(project) => (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}
        data-testid="project-settings"
      >
        <ProjectInfoCard key={project.updatedAt} project={project} />
        <ProjectActionsCard project={project} />
      </Box>
    )}
  </ProjectShell>
);

export default ProjectSettingsPage;
