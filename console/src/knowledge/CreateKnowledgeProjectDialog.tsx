import { Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { TemplatePicker } from '../teams/TemplatePicker';
import { BLANK_TEMPLATE, showsMoreTemplates } from '../teams/templateSelection';
import { randomPoster } from '../utils/defaultPoster';
import { knowledgeApi, knowledgeKeys } from './knowledgeApi';

interface CreateKnowledgeProjectDialogProps {
  teamId: number;
  open: boolean;
  onClose: () => void;
}

/** SPEC §9: the picker's first page. */
const FIRST_PAGE = 10;

/**
 * A knowledge project from blank (`空白项目`) or from one of the team's templates (SPEC §2.4's picker: preview opens
 * the template in a new tab, use picks it), then its documents open with `?isNew=1`.
 */
export const CreateKnowledgeProjectDialog = ({ teamId, open, onClose }: CreateKnowledgeProjectDialogProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data: templates = [] } = useQuery({
    queryKey: knowledgeKeys.templates(teamId),
    queryFn: () => knowledgeApi.templates(),
    enabled: open,
  });
  const [choice, setChoice] = useState(BLANK_TEMPLATE);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [saving, setSaving] = useState(false);
  const [expanded, setExpanded] = useState(false);
  const blank = choice === BLANK_TEMPLATE;
  const shown = expanded ? templates : templates.slice(0, FIRST_PAGE);

  // The picker toggles several; here one card is the choice, and unticking it falls back to blank.
  const choose = (selected: number[]) => setChoice(selected.find((id) => id !== choice) ?? BLANK_TEMPLATE);
  const more = () => {
    if (expanded || !showsMoreTemplates(templates)) setExpanded(true);
    else notify('app.knowledge.create.all_shown', { type: 'info' });
  };

  const create = async () => {
    setSaving(true);
    try {
      const { projectId } = blank
        ? await knowledgeApi.create({
            name: name.trim(),
            description: description.trim(),
            logo: '',
            poster: randomPoster(),
            privateType: 'team',
            docPrivateType: 'private',
            versionUpdateType: 'manual',
          })
        : await knowledgeApi.createByTemplate(choice, name.trim() || undefined);
      notify('app.knowledge.create.created', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: knowledgeKeys.all });
      onClose();
      navigate(`/project/index/${projectId}?isNew=1`);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Dialog open={open} onClose={onClose} maxWidth="md" fullWidth aria-labelledby="create-knowledge-project">
      <DialogTitle id="create-knowledge-project">{translate('app.knowledge.create.title')}</DialogTitle>
      <DialogContent>
        <TemplatePicker
          title={translate('app.knowledge.create.templates')}
          kind="project"
          items={shown.map((t) => ({ projectId: t.projectId, name: t.name, description: t.description }))}
          selected={[choice]}
          onChange={choose}
          onPreview={(id) => window.open(`#/project/index/${id}`, '_blank', 'noopener')}
          onMore={more}
          blankTitle={translate('app.knowledge.create.blank')}
          blankHint={translate('app.knowledge.create.blank_hint')}
        />
        <TextField
          name="name"
          label={translate(blank ? 'app.knowledge.create.name' : 'app.knowledge.create.name_from_template')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          required={blank}
          fullWidth
          autoFocus
          slotProps={{ htmlInput: { maxLength: 50 } }}
          sx={{ mt: 3 }}
        />
        {blank && (
          <TextField
            name="description"
            label={translate('app.knowledge.create.description')}
            value={description}
            onChange={(event) => setDescription(event.target.value)}
            fullWidth
            multiline
            minRows={2}
            slotProps={{ htmlInput: { maxLength: 500 } }}
            sx={{ mt: 2 }}
          />
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={create} disabled={saving || (blank && !name.trim())}>
          {translate('ra.action.create')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
