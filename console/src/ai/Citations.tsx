import ApiOutlinedIcon from '@mui/icons-material/ApiOutlined';
import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import DataObjectIcon from '@mui/icons-material/DataObject';
import TaskAltOutlinedIcon from '@mui/icons-material/TaskAltOutlined';
import TextFieldsOutlinedIcon from '@mui/icons-material/TextFieldsOutlined';
import { Box, Link, Tooltip, Typography } from '@mui/material';
import type { Citation } from '@pmbok/api-types';
import type { ComponentType } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';

// the icons the document tree and the menus use for the same things
const icons: Record<Citation['kind'], ComponentType<{ fontSize?: 'inherit' }>> = {
  api: ApiOutlinedIcon,
  page: ArticleOutlinedIcon,
  schema: DataObjectIcon,
  field: TextFieldsOutlinedIcon,
  task: TaskAltOutlinedIcon,
};

/** The sources of an answer, numbered as it cites them ([1]); each opens its document, field or task. */
export const Citations = ({ citations, onOpen }: { citations: Citation[]; onOpen: () => void }) => {
  const translate = useTranslate();
  if (!citations.length) return null;
  return (
    <Box sx={{ mt: 1.5, pt: 1.25, borderTop: 1, borderColor: 'divider' }} data-testid="ai-citations">
      <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {translate('app.ai.sources')}
      </Typography>
      <Box component="ol" sx={{ m: 0, p: 0, listStyle: 'none', display: 'grid', gap: 0.25 }}>
        {citations.map((citation) => {
          const Icon = icons[citation.kind] ?? ArticleOutlinedIcon;
          return (
            <Box component="li" key={`${citation.n}-${citation.kind}-${citation.id}`} sx={{ minWidth: 0 }}>
              <Tooltip title={citation.snippet} placement="top-start" enterDelay={400}>
                <Link
                  component={RouterLink}
                  to={citation.route}
                  onClick={onOpen}
                  underline="hover"
                  data-testid="ai-citation"
                  sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75, maxWidth: '100%', fontSize: 13 }}
                >
                  <Box component="span" sx={{ color: 'text.secondary', minWidth: 22 }}>
                    [{citation.n}]
                  </Box>
                  <Box component="span" sx={{ display: 'inline-flex', color: 'text.secondary', fontSize: 16 }}>
                    <Icon fontSize="inherit" />
                  </Box>
                  <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {citation.title}
                  </Box>
                  <Box component="span" sx={{ color: 'text.secondary', whiteSpace: 'nowrap', flexShrink: 0 }}>
                    · {translate(`app.ai.kind.${citation.kind}`)}
                    {citation.projectName ? ` · ${citation.projectName}` : ''}
                  </Box>
                </Link>
              </Tooltip>
            </Box>
          );
        })}
      </Box>
    </Box>
  );
};
