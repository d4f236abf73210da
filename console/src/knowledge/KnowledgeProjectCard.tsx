import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import PeopleOutlineIcon from '@mui/icons-material/PeopleOutline';
import StarIcon from '@mui/icons-material/Star';
import StarBorderIcon from '@mui/icons-material/StarBorder';
import { Avatar, Box, Card, CardActionArea, CardContent, Chip, IconButton, Tooltip, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TeamPoster } from '../teams/TeamPoster';
import { STAR_GOLD } from '../utils/starColour';
import { useRelativeTime } from '../utils/useRelativeTime';
import { type KnowledgeProject, knowledgeApi, knowledgeKeys } from './knowledgeApi';

/** One project of /api: poster and logo, name, description, last change, members and documents; the star toggles. */
export const KnowledgeProjectCard = ({ project }: { project: KnowledgeProject }) => {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const { formatRelative } = useRelativeTime();
  // the server words its label in Chinese; in English the console says it from the time itself
  const updatedLabel =
    locale === 'en' && project.updateTime ? formatRelative(project.updateTime) : project.updateTimeLabel;
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [starring, setStarring] = useState(false);
  const starred = project.projectUser.isStar;

  const toggleStar = async () => {
    setStarring(true);
    try {
      await knowledgeApi.star(project.projectId, !starred);
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
    } catch {
      // the request client has shown the server's message
    } finally {
      setStarring(false);
    }
  };
  const starLabel = translate(starred ? 'app.knowledge.index.unstar' : 'app.knowledge.index.star');

  return (
    <Card
      variant="outlined"
      sx={{ position: 'relative', transition: 'box-shadow .2s', '&:hover': { boxShadow: 3 } }}
      data-testid="knowledge-card"
      data-name={project.name}
      data-starred={starred}
    >
      <CardActionArea onClick={() => navigate(`/project/index/${project.projectId}`)}>
        <TeamPoster index={project.poster} name={project.logo ? undefined : project.name} height={88} rounded={0} />
        {project.logo && (
          <Avatar
            src={project.logo}
            alt=""
            variant="rounded"
            sx={{ position: 'absolute', top: 56, left: 12, width: 48, height: 48, border: 2, borderColor: '#fff' }}
          />
        )}
        <CardContent sx={{ p: 1.5, pt: project.logo ? 3 : 1.5 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <Typography variant="subtitle1" noWrap title={project.name} sx={{ fontWeight: 600, flex: 1 }}>
              {project.name}
            </Typography>
            {project.isTemplate && (
              <Chip
                size="small"
                color="secondary"
                variant="outlined"
                label={translate('app.knowledge.index.template')}
              />
            )}
          </Box>
          <Typography
            variant="body2"
            color="text.secondary"
            title={project.description}
            sx={{
              minHeight: 40,
              display: '-webkit-box',
              WebkitLineClamp: 2,
              WebkitBoxOrient: 'vertical',
              overflow: 'hidden',
            }}
          >
            {project.description || translate('app.knowledge.index.no_description')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'center', mt: 1, color: 'text.secondary', fontSize: 12 }}>
            <Tooltip title={translate('app.knowledge.index.members', { smart_count: project.memberCount })}>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
                <PeopleOutlineIcon sx={{ fontSize: 16 }} />
                {project.memberCount}
              </Box>
            </Tooltip>
            <Tooltip title={translate('app.knowledge.index.docs', { smart_count: project.docCount })}>
              <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.25 }}>
                <ArticleOutlinedIcon sx={{ fontSize: 16 }} />
                {project.docCount}
              </Box>
            </Tooltip>
            <Box component="span" sx={{ ml: 'auto' }} data-testid="updated-label">
              {project.updateTimeLabel && translate('app.knowledge.index.updated', { label: updatedLabel })}
            </Box>
          </Box>
        </CardContent>
      </CardActionArea>
      <Tooltip title={starLabel}>
        <IconButton
          aria-label={starLabel}
          aria-pressed={starred}
          onClick={toggleStar}
          disabled={starring}
          size="small"
          data-testid="star-toggle"
          sx={{
            position: 'absolute',
            top: 6,
            right: 6,
            bgcolor: 'rgba(255,255,255,0.85)',
            '&:hover': { bgcolor: '#fff' },
          }}
        >
          {starred ? <StarIcon sx={{ color: STAR_GOLD }} /> : <StarBorderIcon />}
        </IconButton>
      </Tooltip>
    </Card>
  );
};
