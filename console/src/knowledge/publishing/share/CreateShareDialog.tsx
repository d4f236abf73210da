import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControl,
  FormControlLabel,
  FormLabel,
  InputLabel,
  MenuItem,
  Radio,
  RadioGroup,
  Select,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { DateTimeValuePicker } from '../../../dates';
import { useProjectStructure } from '../../docApi';
import { projectVersions, publishingKeys, type ShareFields } from '../publishingApi';
import NodePicker from './NodePicker';

const DAY = 24 * 60 * 60 * 1000;
type Expiry = 'never' | '1' | '7' | '30' | 'custom';

/** The expiry as epoch ms: a number of days from now, or the custom local time; 0 for never. */
function expiresAtOf(expiry: Expiry, custom: number): number {
  if (expiry === 'never') return 0;
  if (expiry === 'custom') return custom || Number.NaN;
  return Date.now() + Number(expiry) * DAY;
}

/** Only the topmost chosen nodes: a node under a chosen folder is covered by it already. */
function topmost(ids: number[], parentOf: Map<number, number>) {
  const chosen = new Set(ids);
  return ids.filter((id) => {
    for (let parent = parentOf.get(id) ?? 0; parent; parent = parentOf.get(parent) ?? 0)
      if (chosen.has(parent)) return false;
    return true;
  });
}

/** A new link: name, scope (the whole project or chosen nodes), version, password and expiry. */
export default function CreateShareDialog(props: {
  projectId: number;
  busy: boolean;
  onClose(): void;
  onCreate(fields: ShareFields): Promise<boolean>;
}) {
  const { projectId, busy, onClose, onCreate } = props;
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.share.dialog.${key}`);
  const [name, setName] = useState('');
  const [scope, setScope] = useState<'all' | 'some'>('all');
  const [nodeIds, setNodeIds] = useState<number[]>([]);
  const [versionId, setVersionId] = useState(0);
  const [withPassword, setWithPassword] = useState(false);
  const [password, setPassword] = useState('');
  const [expiry, setExpiry] = useState<Expiry>('7');
  const [custom, setCustom] = useState(0);
  const [problem, setProblem] = useState('');
  const tree = useProjectStructure(projectId);
  const versions = useQuery({
    queryKey: publishingKeys.versions(projectId, 1, 100),
    queryFn: () => projectVersions(projectId, 1, 100),
    retry: false,
  });

  const submit = async () => {
    const nodes = tree.data?.nodes ?? [];
    const parentOf = new Map(nodes.map((node) => [node.projectStructureId, node.parentId]));
    const chosen = scope === 'some' ? topmost(nodeIds, parentOf) : [];
    const expiresAt = expiresAtOf(expiry, custom);
    const length = [...password].length;
    if (scope === 'some' && chosen.length === 0) return setProblem(t('scope_required'));
    if (withPassword && (length < 4 || length > 32)) return setProblem(t('password_length'));
    if (Number.isNaN(expiresAt) || (expiresAt && expiresAt <= Date.now())) return setProblem(t('expires_past'));
    setProblem('');
    await onCreate({
      name: name.trim(),
      nodeIds: chosen,
      versionId,
      password: withPassword ? password : '',
      expiresAt,
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="create-share-title">
      <DialogTitle id="create-share-title">{t('title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2.5} sx={{ pt: 1 }}>
          <TextField
            label={t('name')}
            placeholder={t('name_hint')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            inputProps={{ maxLength: 50, name: 'name' }}
            size="small"
          />
          <FormControl>
            <FormLabel>{t('scope')}</FormLabel>
            <RadioGroup row value={scope} onChange={(e) => setScope(e.target.value as 'all' | 'some')}>
              <FormControlLabel value="all" control={<Radio size="small" />} label={t('scope_all')} />
              <FormControlLabel value="some" control={<Radio size="small" />} label={t('scope_some')} />
            </RadioGroup>
            {scope === 'some' && (
              <Box>
                <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
                  {t('scope_hint')}
                </Typography>
                <NodePicker nodes={tree.data?.nodes ?? []} value={nodeIds} onChange={setNodeIds} />
              </Box>
            )}
          </FormControl>
          <FormControl size="small">
            <InputLabel id="share-version-label">{t('version')}</InputLabel>
            <Select
              labelId="share-version-label"
              label={t('version')}
              value={versionId}
              onChange={(e) => setVersionId(Number(e.target.value))}
            >
              <MenuItem value={0}>{t('version_live')}</MenuItem>
              {(versions.data?.list ?? []).map((version) => (
                <MenuItem key={version.versionId} value={version.versionId}>
                  {version.name}
                </MenuItem>
              ))}
            </Select>
          </FormControl>
          <Box>
            <FormControlLabel
              control={<Checkbox checked={withPassword} onChange={(e) => setWithPassword(e.target.checked)} />}
              label={t('password')}
            />
            {withPassword && (
              <TextField
                fullWidth
                size="small"
                label={t('password_field')}
                helperText={t('password_hint')}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                inputProps={{ maxLength: 32, name: 'password', autoComplete: 'off' }}
              />
            )}
          </Box>
          <Stack direction="row" spacing={2}>
            <FormControl size="small" sx={{ minWidth: 160 }}>
              <InputLabel id="share-expiry-label">{t('expires')}</InputLabel>
              <Select
                labelId="share-expiry-label"
                label={t('expires')}
                value={expiry}
                onChange={(e) => setExpiry(e.target.value as Expiry)}
              >
                {(['never', '1', '7', '30', 'custom'] as const).map((value) => (
                  <MenuItem key={value} value={value}>
                    {t(`expires_${value}`)}
                  </MenuItem>
                ))}
              </Select>
            </FormControl>
            {expiry === 'custom' && (
              <DateTimeValuePicker
                name="expiresAt"
                label={t('expires_at')}
                value={custom}
                onChange={setCustom}
                minDateTime={Date.now()}
              />
            )}
          </Stack>
          {problem && <Alert severity="warning">{problem}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" onClick={submit} disabled={busy}>
          {t('submit')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
