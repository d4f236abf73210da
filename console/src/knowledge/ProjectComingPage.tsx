import ConstructionIcon from '@mui/icons-material/Construction';
import { Avatar, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link, useLocation } from 'react-router-dom';
import type { RoutePageProps } from '../navigation/types';
import { useLocalKnowledge } from './local/useLocalKnowledge';
import { ProjectLayout, projectPath, useRouteProjectId } from './ProjectNav';

const COMING = ['test'] as const;
type ComingPage = (typeof COMING)[number];

/**
 * The project pages of later issues (API tests): the project's nav and what the page will hold, instead of a blank
 * screen.
 */
const ProjectComingPage = ({ route }: RoutePageProps) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const projectId = useRouteProjectId();
  // local mode's project is reached by the id-less path (the one open when signed out)
  const linkId = useLocalKnowledge().active ? 0 : projectId;
  const page = COMING.find((name) => pathname.startsWith(`/project/${name}`)) ?? ('test' satisfies ComingPage);
  const Icon = route.route.icon ?? ConstructionIcon;

  return (
    <ProjectLayout>
      <Card variant="outlined" sx={{ textAlign: 'center' }} data-testid="project-coming" data-page={page}>
        <CardContent sx={{ py: 6, px: 4, maxWidth: 560, mx: 'auto' }}>
          <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'primary.light' }}>
            <Icon sx={{ fontSize: 40 }} />
          </Avatar>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate(`app.knowledge.nav.${page}`)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate(`app.knowledge.coming.${page}`)}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
            {projectId > 0 ? (
              <Button component={Link} to={projectPath('index', linkId)} variant="outlined">
                {translate('app.knowledge.coming.back')}
              </Button>
            ) : (
              <Button component={Link} to="/api" variant="outlined">
                {translate('app.knowledge.coming.to_list')}
              </Button>
            )}
          </Box>
        </CardContent>
      </Card>
    </ProjectLayout>
  );
};

export default ProjectComingPage;
