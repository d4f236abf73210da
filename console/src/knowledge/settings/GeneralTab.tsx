import UploadIcon from '@mui/icons-material/Upload';
import {
  Avatar,
  Box,
  Button,
  FormControl,
  FormControlLabel,
  FormLabel,
  LinearProgress,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { MAX_IMAGE_BYTES, uploadImage } from '../../api/upload';
import { PosterPicker, TeamPoster } from '../../teams/TeamPoster';
import { knowledgeApi, type ProjectFields } from '../knowledgeApi';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

/** The three types with what each choice means (docs/api/knowledge.md), shown under every option. */
const TYPES = [
  { field: 'privateType', key: 'private_type', options: ['team', 'members'] },
  { field: 'docPrivateType', key: 'doc_private_type', options: ['private', 'public'] },
  { field: 'versionUpdateType', key: 'version_update_type', options: ['manual', 'auto'] },
] as const;

const fieldsOf = ({ project }: TabProps['settings']): ProjectFields => ({
  name: project.name,
  description: project.description,
  logo: project.logo,
  poster: project.poster,
  privateType: project.privateType,
  docPrivateType: project.docPrivateType,
  versionUpdateType: project.versionUpdateType,
});

/** Name, description, logo, poster and the three types. */
export const GeneralTab = ({ projectId, settings, readOnly }: TabProps) => {
  const translate = useTranslate();
  const notify = useNotify();
  const saved = fieldsOf(settings);
  const [fields, setFields] = useState(saved);
  const [progress, setProgress] = useState<number | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const { busy, run } = useProjectChange(projectId);
  const set = <K extends keyof ProjectFields>(key: K, value: ProjectFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const dirty = (Object.keys(fields) as (keyof ProjectFields)[]).some((key) => fields[key] !== saved[key]);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    if (file.size > MAX_IMAGE_BYTES) return notify('app.profile.image_too_big', { type: 'error' });
    setProgress(0);
    try {
      const { url } = await uploadImage(file, setProgress);
      set('logo', url);
    } catch {
      // uploadImage has shown the server's message
    } finally {
      setProgress(null);
    }
  };

  const save = () =>
    run(
      () =>
        knowledgeApi.update(projectId, { ...fields, name: fields.name.trim(), description: fields.description.trim() }),
      'app.knowledge.general.saved',
    );

  return (
    <Box component="form" sx={{ maxWidth: 840, display: 'grid', gap: 3 }} onSubmit={(event) => event.preventDefault()}>
      <Box sx={{ display: 'flex', gap: 3, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ textAlign: 'center', width: 96 }}>
          {fields.logo ? (
            <Avatar src={fields.logo} alt="" variant="rounded" sx={{ width: 96, height: 96 }} data-testid="logo" />
          ) : (
            <TeamPoster index={fields.poster} name={fields.name} width={96} height={96} />
          )}
          {!readOnly && (
            <Box sx={{ mt: 1, display: 'flex', flexDirection: 'column', gap: 0.5 }}>
              <Button size="small" startIcon={<UploadIcon />} onClick={() => fileInput.current?.click()}>
                {translate('app.knowledge.general.upload_logo')}
              </Button>
              {fields.logo && (
                <Button size="small" color="inherit" onClick={() => set('logo', '')}>
                  {translate('app.knowledge.general.remove_logo')}
                </Button>
              )}
              <input
                ref={fileInput}
                type="file"
                accept="image/*"
                hidden
                data-testid="logo-file"
                onChange={(event) => upload(event.target.files?.[0])}
              />
            </Box>
          )}
          {progress !== null && <LinearProgress variant="determinate" value={progress} sx={{ mt: 1 }} />}
        </Box>
        <Box sx={{ flex: 1, minWidth: 260, display: 'grid', gap: 2 }}>
          <TextField
            name="name"
            label={translate('app.knowledge.general.name')}
            value={fields.name}
            onChange={(event) => set('name', event.target.value)}
            required
            disabled={readOnly}
            slotProps={{ htmlInput: { maxLength: 50 } }}
          />
          <TextField
            name="description"
            label={translate('app.knowledge.general.description')}
            value={fields.description}
            onChange={(event) => set('description', event.target.value)}
            disabled={readOnly}
            multiline
            minRows={3}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          {!readOnly && (
            <Typography variant="caption" color="text.secondary">
              {translate('app.knowledge.general.logo_hint')}
            </Typography>
          )}
        </Box>
      </Box>
      <Box>
        <FormLabel component="legend" sx={{ mb: 1 }}>
          {translate('app.knowledge.general.poster')}
        </FormLabel>
        <PosterPicker value={fields.poster} onChange={(index) => set('poster', index)} disabled={readOnly} />
      </Box>
      {TYPES.map(({ field, key, options }) => (
        <FormControl key={field} disabled={readOnly}>
          <FormLabel id={`${field}-label`}>{translate(`app.knowledge.general.${key}.label`)}</FormLabel>
          <RadioGroup
            aria-labelledby={`${field}-label`}
            name={field}
            value={fields[field]}
            onChange={(event) => set(field, event.target.value as never)}
            sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1, mt: 1 }}
          >
            {options.map((option) => (
              <FormControlLabel
                key={option}
                value={option}
                control={<Radio size="small" />}
                sx={{
                  m: 0,
                  p: 1,
                  pr: 2,
                  alignItems: 'flex-start',
                  border: 1,
                  borderRadius: 1,
                  borderColor: fields[field] === option ? 'primary.main' : 'divider',
                }}
                label={
                  <Box sx={{ pt: 0.75 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {translate(`app.knowledge.general.${key}.${option}`)}
                    </Typography>
                    <Typography variant="caption" color="text.secondary">
                      {translate(`app.knowledge.general.${key}.${option}_hint`)}
                    </Typography>
                  </Box>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      ))}
      {!readOnly && (
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button variant="contained" onClick={save} disabled={busy || !dirty || !fields.name.trim()}>
            {translate('ra.action.save')}
          </Button>
          <Button onClick={() => setFields(saved)} disabled={busy || !dirty}>
            {translate('ra.action.reset')}
          </Button>
        </Box>
      )}
    </Box>
  );
};
