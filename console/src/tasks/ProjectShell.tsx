import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import BlockIcon from '@mui/icons-material/Block';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  LinearProgress,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { Fragment, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { FollowButton } from '../chat/FollowButton';
import { TeamPoster } from '../teams/TeamPoster';
import { ProjectStatusChip } from './StatusChips';
import { type TaskProject, useProjectDetail } from './taskApi';
import { useLiveRefresh } from './useLiveRefresh';

export type ProjectPage = 'home' | 'user' | 'index';

const pagePath = (page: ProjectPage, projectId: number) =>
  page === 'home' ? `/task/home/${projectId}` : `/taskManage/${page}/${projectId}`;

/** What a stopped, finished or closed project refuses, in the server's words. */
const FROZEN_KEYS = {
  stopped: 'app.task.frozen.stopped',
  finished: 'app.task.frozen.finished',
  closed: 'app.task.frozen.closed',
} as const;

/**
 * A project's pages: the header with its tabs, then the page. A non-member (or a project that does not exist, which
 * the server answers the same way) gets the refusal and nothing else.
 */
export const ProjectShell = ({
  page,
  children,
}: {
  page: ProjectPage;
  children: (project: TaskProject) => ReactNode;
}) => {
  const translate = useTranslate();
  const projectId = Number(useParams().projectId);
  const { data: project, error, isPending } = useProjectDetail(projectId);
  useLiveRefresh(projectId);

  if (!Number.isSafeInteger(projectId) || projectId <= 0 || error) {
    return <Refusal message={error?.message || 'app.task.not_member'} />;
  }
  if (isPending || !project) return <LinearProgress />;
  return (
    <Box sx={{ p: { xs: 1, md: 2 }, display: 'flex', flexDirection: 'column', gap: 1.5, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
        <IconButton component={Link} to="/taskIndex" aria-label={translate('app.task.back_to_index')} size="small">
          <ArrowBackIcon />
        </IconButton>
        <Avatar variant="rounded" sx={{ width: 36, height: 36 }}>
          <TeamPoster index={project.poster} name={project.name} width={36} height={36} rounded={0} />
        </Avatar>
        <Typography variant="h6" component="h1" data-testid="project-name" noWrap sx={{ maxWidth: 360 }}>
          {project.name}
        </Typography>
        <ProjectStatusChip status={project.status} />
        <FollowButton kind="taskProject" id={projectId} />
        <Tabs value={page} sx={{ ml: { md: 'auto' }, minHeight: 40 }}>
          {(['home', 'user', 'index'] as const).map((value) => (
            <Tab
              key={value}
              value={value}
              label={translate(`app.task.pages.${value}`)}
              component={Link}
              to={pagePath(value, projectId)}
              sx={{ minHeight: 40 }}
            />
          ))}
        </Tabs>
      </Box>
      {project.status !== 'active' && (
        <Alert severity="warning" data-testid="project-frozen">
          {translate(FROZEN_KEYS[project.status])}
        </Alert>
      )}
      {/* keyed: another project starts with fresh filters, drawer and card order */}
      <Fragment key={projectId}>{children(project)}</Fragment>
    </Box>
  );
};

const Refusal = ({ message }: { message: string }) => {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Card variant="outlined" sx={{ width: '100%', maxWidth: 480, textAlign: 'center' }} data-testid="project-refused">
        <CardContent sx={{ py: 6, px: 4 }}>
          <Avatar sx={{ width: 72, height: 72, mx: 'auto', mb: 3, bgcolor: 'error.light' }}>
            <BlockIcon sx={{ fontSize: 40 }} />
          </Avatar>
          <Typography variant="h6" component="h1" sx={{ mb: 1 }}>
            {translate(message)}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('app.task.refused_hint')}
          </Typography>
          <Button component={Link} to="/taskIndex" variant="outlined">
            {translate('app.task.back_to_index')}
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
};
