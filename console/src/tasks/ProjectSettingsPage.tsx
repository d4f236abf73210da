import { Box, Paper } from '@mui/material';
import { WebhookSettings } from '../chat/WebhookSettings';
import { ProjectActionsCard } from './ProjectActionsCard';
import { ProjectInfoCard } from './ProjectInfoCard';
import { ProjectShell } from './ProjectShell';
import { canManageProject } from './taskApi';

/** /taskManage/index/:projectId: the project's fields, its status actions and copying it, its webhooks. */
const ProjectSettingsPage = () => (
  <ProjectShell page="index">
    {(project) => (
      <Box
        sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', lg: '3fr 2fr' }, alignItems: 'start' }}
        data-testid="project-settings"
      >
        <ProjectInfoCard key={project.updatedAt} project={project} />
        <ProjectActionsCard project={project} />
        <Paper variant="outlined" sx={{ p: 2, gridColumn: '1 / -1' }}>
          <WebhookSettings
            scope={{ scope: 'project', projectId: project.taskProjectId, projectKind: 'task' }}
            canManage={canManageProject(project.myRole)}
          />
        </Paper>
      </Box>
    )}
  </ProjectShell>
);

export default ProjectSettingsPage;
