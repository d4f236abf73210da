import { Autocomplete, Box, Chip, MenuItem, Select, TextField } from '@mui/material';
import type { ApiDoc, HttpMethod, KnowledgeMember } from '@pmbok/api-types';
import { useTranslate } from 'react-admin';
import { API_STATUSES, type ApiDraft, HTTP_METHODS } from './apiDraft';

export const METHOD_COLORS: Record<string, string> = {
  GET: '#2e7d32',
  POST: '#ed6c02',
  PUT: '#1565c0',
  PATCH: '#7b1fa2',
  DELETE: '#d32f2f',
  HEAD: '#546e7a',
  OPTIONS: '#546e7a',
  TRACE: '#546e7a',
};

const STATUS_COLORS: Record<string, 'default' | 'info' | 'warning' | 'success' | 'error' | 'secondary'> = {
  designing: 'secondary',
  developing: 'info',
  testing: 'warning',
  released: 'success',
  deprecated: 'default',
};

interface Props {
  draft: ApiDraft;
  readOnly: boolean;
  members: KnowledgeMember[];
  /** Fields with a problem: 'name', 'path'. */
  errors: Record<string, string>;
  onName(name: string): void;
  onApi(patch: Partial<ApiDoc>): void;
  onPath(path: string): void;
}

/** Method and path, name, status, owner, tags and the markdown description. */
export const ApiBasics = ({ draft, readOnly, members, errors, onName, onApi, onPath }: Props) => {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.editor.${key}`);
  const { api } = draft;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Box sx={{ display: 'flex', gap: 0, alignItems: 'flex-start' }}>
        <Select
          size="small"
          value={api.method}
          disabled={readOnly}
          onChange={(event) => onApi({ method: event.target.value as HttpMethod })}
          inputProps={{ 'aria-label': t('method') }}
          sx={{
            width: 124,
            fontWeight: 700,
            fontFamily: 'monospace',
            color: METHOD_COLORS[api.method],
            borderTopRightRadius: 0,
            borderBottomRightRadius: 0,
          }}
        >
          {HTTP_METHODS.map((method) => (
            <MenuItem
              key={method}
              value={method}
              sx={{ fontFamily: 'monospace', fontWeight: 700, color: METHOD_COLORS[method] }}
            >
              {method}
            </MenuItem>
          ))}
        </Select>
        <TextField
          size="small"
          variant="outlined"
          fullWidth
          value={api.path}
          placeholder="/users/{id}"
          disabled={readOnly}
          error={Boolean(errors.path)}
          helperText={errors.path || t('path_hint')}
          onChange={(event) => onPath(event.target.value)}
          slotProps={{ htmlInput: { 'aria-label': t('path'), spellCheck: false } }}
          sx={{
            '& input': { fontFamily: 'monospace' },
            '& .MuiOutlinedInput-root': { borderTopLeftRadius: 0, borderBottomLeftRadius: 0 },
            ml: '-1px',
          }}
        />
      </Box>
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', md: '2fr 1fr 1fr' }, gap: 2 }}>
        <TextField
          size="small"
          label={t('name')}
          value={draft.name}
          disabled={readOnly}
          error={Boolean(errors.name)}
          helperText={errors.name}
          required
          onChange={(event) => onName(event.target.value)}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <TextField
          select
          size="small"
          label={t('status')}
          value={api.status}
          disabled={readOnly}
          onChange={(event) => onApi({ status: event.target.value as ApiDoc['status'] })}
        >
          {API_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              <Chip
                size="small"
                color={STATUS_COLORS[status]}
                label={t(`statuses.${status}`)}
                sx={{ cursor: 'inherit' }}
              />
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={t('owner')}
          value={members.some((m) => m.userId === api.ownerId) ? api.ownerId : 0}
          disabled={readOnly}
          onChange={(event) => onApi({ ownerId: Number(event.target.value) })}
        >
          <MenuItem value={0}>{t('no_owner')}</MenuItem>
          {members.map((member) => (
            <MenuItem key={member.userId} value={member.userId}>
              {member.trueName || member.nickname}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Autocomplete
        multiple
        freeSolo
        size="small"
        options={[]}
        value={api.tags}
        disabled={readOnly}
        onChange={(_event, tags) =>
          onApi({ tags: [...new Set(tags.map((tag) => String(tag).trim()).filter(Boolean))] })
        }
        renderValue={(tags, getItemProps) =>
          tags.map((tag, index) => {
            const { key, ...props } = getItemProps({ index });
            return <Chip key={key} size="small" label={tag} {...props} />;
          })
        }
        renderInput={(params) => (
          <TextField {...params} label={t('tags')} placeholder={readOnly ? '' : t('tags_hint')} />
        )}
      />
      <TextField
        multiline
        minRows={3}
        maxRows={14}
        label={t('description')}
        placeholder={t('description_hint')}
        value={api.description}
        disabled={readOnly}
        onChange={(event) => onApi({ description: event.target.value })}
      />
    </Box>
  );
};
