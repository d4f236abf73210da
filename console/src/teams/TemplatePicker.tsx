import AddIcon from '@mui/icons-material/Add';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import MoreHorizIcon from '@mui/icons-material/MoreHoriz';
import { Box, Button, Card, CardActionArea, CardActions, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { TeamPoster } from './TeamPoster';
import type { TemplateItem } from './teamApi';
import { BLANK_TEMPLATE, showsMoreTemplates, templateId, toggleTemplate } from './templateSelection';

interface TemplatePickerProps {
  title: string;
  kind: 'project' | 'task';
  items: TemplateItem[];
  selected: number[];
  onChange: (selected: number[]) => void;
  /** Knowledge templates only. */
  onPreview?: (id: number) => void;
  onMore: () => void;
  /** The blank card's title and line, when not the team guide's ('blank space'). */
  blankTitle?: string;
  blankHint?: string;
}

const CARD_SX = { width: 168, display: 'flex', flexDirection: 'column', position: 'relative' } as const;

/** SPEC §2.4 template picker: a 'blank space' card, template cards, and 'more templates' at exactly 10 items. */
export const TemplatePicker = ({
  title,
  kind,
  items,
  selected,
  onChange,
  onPreview,
  onMore,
  blankTitle,
  blankHint,
}: TemplatePickerProps) => {
  const translate = useTranslate();
  const toggle = (id: number) => onChange(toggleTemplate(selected, id));
  const chosen = (id: number) => selected.includes(id);
  const selectedSx = (id: number) => ({
    ...CARD_SX,
    borderColor: chosen(id) ? 'primary.main' : 'divider',
    boxShadow: chosen(id) ? '0 0 0 1px #1890ff' : 'none',
  });
  const tick = (id: number): ReactNode =>
    chosen(id) && <CheckCircleIcon color="primary" sx={{ position: 'absolute', top: 6, right: 6, fontSize: 20 }} />;

  return (
    <Box component="section" aria-label={title} data-testid={`template-picker-${kind}`} sx={{ mt: 2 }}>
      <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
        {title}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
        <Card variant="outlined" sx={selectedSx(BLANK_TEMPLATE)}>
          <CardActionArea
            onClick={() => toggle(BLANK_TEMPLATE)}
            aria-pressed={chosen(BLANK_TEMPLATE)}
            data-testid={`blank-${kind}`}
            sx={{ flex: 1 }}
          >
            <Box sx={{ height: 72, display: 'grid', placeItems: 'center', bgcolor: 'action.hover' }}>
              <AddIcon color="action" sx={{ fontSize: 36 }} />
            </Box>
            <CardContent sx={{ p: 1.5 }}>
              <Typography variant="subtitle2">{blankTitle ?? translate('app.team_guide.blank')}</Typography>
              <Typography variant="caption" color="text.secondary">
                {blankHint ?? translate(`app.team_guide.blank_${kind}`)}
              </Typography>
            </CardContent>
          </CardActionArea>
          {tick(BLANK_TEMPLATE)}
        </Card>
        {items.map((item, index) => {
          const id = templateId(item);
          return (
            <Card key={id} variant="outlined" sx={selectedSx(id)}>
              <TeamPoster index={index} name={item.name} height={72} rounded={0} />
              <CardContent sx={{ p: 1.5, flex: 1 }}>
                <Typography variant="subtitle2" noWrap title={item.name}>
                  {item.name}
                </Typography>
                {item.description && (
                  <Typography variant="caption" color="text.secondary" noWrap component="p">
                    {item.description}
                  </Typography>
                )}
              </CardContent>
              <CardActions sx={{ pt: 0, justifyContent: 'flex-end' }}>
                {onPreview && (
                  <Button size="small" onClick={() => onPreview(id)}>
                    {translate('app.team_guide.preview')}
                  </Button>
                )}
                <Button
                  size="small"
                  variant={chosen(id) ? 'contained' : 'outlined'}
                  onClick={() => toggle(id)}
                  // a toggle: assistive technology hears which template and whether it is chosen
                  aria-pressed={chosen(id)}
                  aria-label={translate('app.team_guide.use_named', { name: item.name })}
                >
                  {translate('app.team_guide.use')}
                </Button>
              </CardActions>
              {tick(id)}
            </Card>
          );
        })}
        {showsMoreTemplates(items) && (
          <Card variant="outlined" sx={{ ...CARD_SX, borderStyle: 'dashed' }}>
            <CardActionArea onClick={onMore} sx={{ flex: 1, display: 'grid', placeItems: 'center', py: 3 }}>
              <MoreHorizIcon color="primary" sx={{ fontSize: 36 }} />
              <Typography variant="subtitle2" color="primary">
                {translate('app.team_guide.more')}
              </Typography>
            </CardActionArea>
          </Card>
        )}
      </Box>
    </Box>
  );
};
