import SaveIcon from '@mui/icons-material/Save';
import { Alert, Button, Card, CardContent, CardHeader, TextField, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { request } from '../api/request';
import { loadUser } from '../auth/userInfo';
import { PosterPicker } from './TeamPoster';
import { canManage, type TeamInfo, teamKeys } from './teamApi';

/** Name and poster: editable by the owner and administrators, read-only for members. */
export const TeamSettingsCard = ({ team }: { team: TeamInfo }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const editable = canManage(team.myRole);
  const [name, setName] = useState(team.name);
  const [poster, setPoster] = useState(team.poster);
  const [saving, setSaving] = useState(false);
  const changed = name.trim() !== team.name || poster !== team.poster;

  const save = async () => {
    setSaving(true);
    try {
      await request('team/update', { teamId: team.teamId, name: name.trim(), poster });
      notify('app.team.saved', { type: 'success' });
      await Promise.all([queryClient.invalidateQueries({ queryKey: teamKeys.all(team.teamId) }), loadUser()]);
    } catch {
      // the request client has shown the server's message
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card variant="outlined" data-testid="team-settings">
      <CardHeader title={translate('app.team.settings')} slotProps={{ title: { variant: 'h6' } }} />
      <CardContent sx={{ pt: 0 }}>
        {!editable && (
          <Alert severity="info" sx={{ mb: 2 }}>
            {translate('app.team.settings_readonly')}
          </Alert>
        )}
        <TextField
          name="name"
          label={translate('app.team.name')}
          value={name}
          onChange={(event) => setName(event.target.value)}
          fullWidth
          required
          disabled={!editable}
          slotProps={{ htmlInput: { maxLength: 30 } }}
          sx={{ mb: 2 }}
        />
        <Typography variant="subtitle2" color="text.secondary" sx={{ mb: 1 }}>
          {translate('app.team.poster')}
        </Typography>
        <PosterPicker value={poster} onChange={setPoster} disabled={!editable} />
        {editable && (
          <Button
            variant="contained"
            startIcon={<SaveIcon />}
            onClick={save}
            disabled={!changed || !name.trim() || saving}
            sx={{ mt: 2 }}
          >
            {translate('ra.action.save')}
          </Button>
        )}
      </CardContent>
    </Card>
  );
};
