import MenuBookIcon from '@mui/icons-material/MenuBook';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { Box, Button, List, ListItemButton, ListItemIcon, ListItemText, ListSubheader } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { knowledgeApi, knowledgeKeys } from '../knowledge/knowledgeApi';
import { type TaskProject, taskCall, taskKeys } from '../tasks/taskApi';
import { STAR_GOLD } from '../utils/starColour';
import { useRelativeTime } from '../utils/useRelativeTime';
import { EmptyHint, Loadable, Section } from './Section';

/** The task and knowledge projects the caller starred (task/userProject and project/list with their star flags). */
export const StarredCard = ({ teamId }: { teamId: number }) => {
  const translate = useTranslate();
  // the server's 'updateTimeLabel' is Chinese only; the app's relative time speaks the chosen language
  const { formatRelative } = useRelativeTime();
  const tasks = useQuery({ queryKey: taskKeys.mine(teamId), queryFn: () => taskCall<TaskProject[]>('userProject') });
  const docs = useQuery({ queryKey: knowledgeKeys.list(teamId), queryFn: () => knowledgeApi.list() });
  const starredTasks = (tasks.data ?? []).filter((project) => project.isStar);
  const starredDocs = (docs.data ?? []).filter((project) => project.projectUser?.isStar);
  const none = !starredTasks.length && !starredDocs.length;
  return (
    <Section title="app.home.starred" testId="home-starred">
      <Loadable pending={tasks.isPending || docs.isPending} error={tasks.error ?? docs.error}>
        {none && (
          <EmptyHint
            icon={<StarBorderIcon />}
            title="app.home.no_starred"
            hint="app.home.no_starred_hint"
            testId="home-no-starred"
            action={
              <Box sx={{ display: 'flex', gap: 1, justifyContent: 'center' }}>
                <Button variant="outlined" size="small" component={RouterLink} to="/taskIndex">
                  {translate('app.home.go_tasks')}
                </Button>
                <Button variant="outlined" size="small" component={RouterLink} to="/api">
                  {translate('app.home.go_docs')}
                </Button>
              </Box>
            }
          />
        )}
        {starredTasks.length > 0 && (
          <List
            dense
            disablePadding
            component="div"
            subheader={
              <ListSubheader component="div" disableSticky sx={{ px: 0 }}>
                {translate('app.home.starred_tasks')}
              </ListSubheader>
            }
          >
            {starredTasks.map((project) => (
              <ListItemButton
                key={project.taskProjectId}
                component={RouterLink}
                to={`/task/home/${project.taskProjectId}`}
                sx={{ px: 1, borderRadius: 1 }}
                data-testid="starred-task-project"
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <TaskAltIcon fontSize="small" color="primary" />
                </ListItemIcon>
                <ListItemText
                  primary={project.name}
                  secondary={translate('app.task.index.task_count', { smart_count: project.taskCount })}
                />
                <StarIcon fontSize="small" sx={{ color: STAR_GOLD }} aria-hidden />
              </ListItemButton>
            ))}
          </List>
        )}
        {starredDocs.length > 0 && (
          <List
            dense
            disablePadding
            component="div"
            subheader={
              <ListSubheader component="div" disableSticky sx={{ px: 0 }}>
                {translate('app.home.starred_docs')}
              </ListSubheader>
            }
          >
            {starredDocs.map((project) => (
              <ListItemButton
                key={project.projectId}
                component={RouterLink}
                to={`/project/index/${project.projectId}`}
                sx={{ px: 1, borderRadius: 1 }}
                data-testid="starred-doc-project"
              >
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <MenuBookIcon fontSize="small" color="secondary" />
                </ListItemIcon>
                <ListItemText primary={project.name} secondary={formatRelative(project.updateTime)} />
                <StarIcon fontSize="small" sx={{ color: STAR_GOLD }} aria-hidden />
              </ListItemButton>
            ))}
          </List>
        )}
      </Loadable>
    </Section>
  );
};
