import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Box, Card, CardActionArea, CardContent, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TeamPoster } from '../teams/TeamPoster';
import { STAR_GOLD } from '../utils/starColour';
import { ProjectStatusChip } from './StatusChips';
import { type TaskProject, taskCall } from './taskApi';

/** One project of the index: poster, name, status; the star toggles without opening it. */
export const ProjectCard = ({ project }: { project: TaskProject }) => {
  const translate = useTranslate();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [starring, setStarring] = useState(false);

  const toggleStar = async () => {
    setStarring(true);
    try {
      await taskCall(project.isStar ? 'cancelStarProject' : 'starProject', { projectId: project.taskProjectId });
      await queryClient.invalidateQueries({ queryKey: ['taskProjects'] });
    } catch {
      // the request client has shown the server's message
    } finally {
      setStarring(false);
    }
  };
  const starLabel = translate(project.isStar ? 'app.task.index.unstar' : 'app.task.index.star');

  return (
    <Card variant="outlined" sx={{ position: 'relative' }} data-testid="project-card" data-name={project.name}>
      <CardActionArea onClick={() => navigate(`/task/home/${project.taskProjectId}`)}>
        <TeamPoster index={project.poster} name={project.name} height={96} rounded={0} />
        <CardContent sx={{ p: 1.5 }}>
          <Typography variant="subtitle1" noWrap title={project.name} sx={{ fontWeight: 600, pr: 4 }}>
            {project.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap sx={{ minHeight: 20 }}>
            {project.description || translate('app.task.index.no_description')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 0.5, alignItems: 'center', mt: 1, flexWrap: 'wrap' }}>
            <ProjectStatusChip status={project.status} />
            {project.isTemplate && <Chip size="small" color="secondary" label={translate('app.task.template')} />}
            <Typography variant="caption" color="text.secondary" sx={{ ml: 'auto' }}>
              {translate('app.task.index.task_count', { smart_count: project.taskCount })}
            </Typography>
          </Box>
        </CardContent>
      </CardActionArea>
      <Tooltip title={starLabel}>
        <IconButton
          aria-label={starLabel}
          aria-pressed={project.isStar}
          onClick={toggleStar}
          disabled={starring}
          size="small"
          sx={{ position: 'absolute', top: 6, right: 6, bgcolor: 'rgba(255,255,255,0.85)' }}
        >
          {project.isStar ? <StarIcon sx={{ color: STAR_GOLD }} /> : <StarBorderIcon />}
        </IconButton>
      </Tooltip>
    </Card>
  );
};
