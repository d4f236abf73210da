import AddIcon from '@mui/icons-material/Add';
import AssignmentIcon from '@mui/icons-material/AssignmentTurnedIn';
import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TeamRequired } from '../teams/TeamRequired';
import { CreateProjectDialog } from './CreateProjectDialog';
import { ProjectCard } from './ProjectCard';
import { type TaskProject, taskCall, taskKeys } from './taskApi';

/** /taskIndex: the caller's task projects in the current team, starred first (the server's order). */
const TaskIndexPage = () => <TeamRequired>{(teamId) => <TaskIndex teamId={teamId} />}</TeamRequired>;

const TaskIndex = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  const [creating, setCreating] = useState(false);
  const {
    data: projects,
    isPending,
    error,
  } = useQuery({
    queryKey: taskKeys.mine(teamId),
    queryFn: () => taskCall<TaskProject[]>('userProject'),
  });

  return (
    <Box sx={{ p: { xs: 1, md: 2 } }} data-testid="task-index">
      <Box sx={{ display: 'flex', alignItems: 'center', mb: 2 }}>
        <Typography variant="h6" component="h1" sx={{ flex: 1 }}>
          {translate('app.task.index.title')}
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)}>
          {translate('app.task.index.create')}
        </Button>
      </Box>
      {isPending && <LinearProgress />}
      {error && <Alert severity="error">{translate(error.message || 'app.request.error')}</Alert>}
      {projects?.length === 0 && (
        <Box sx={{ textAlign: 'center', py: 8, color: 'text.secondary' }} data-testid="no-projects">
          <AssignmentIcon sx={{ fontSize: 64, opacity: 0.4 }} />
          <Typography sx={{ mt: 1 }}>{translate('app.task.index.empty')}</Typography>
        </Box>
      )}
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))' }}>
        {projects?.map((project) => (
          <ProjectCard key={project.taskProjectId} project={project} />
        ))}
      </Box>
      <CreateProjectDialog key={String(creating)} teamId={teamId} open={creating} onClose={() => setCreating(false)} />
    </Box>
  );
};

export default TaskIndexPage;
