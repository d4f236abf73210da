import { Alert, LinearProgress, Paper, Stack, Tab, Tabs, Typography } from '@mui/material';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useTeamInfo } from '../../teams/teamApi';
import TeamProjectPage from '../publishing/TeamProjectPage';
import { useProjectRole } from '../publishing/versions/usePublishingChange';
import FieldComparePanel from './FieldComparePanel';
import FieldLibrary from './FieldLibrary';
import type { Library } from './fieldsApi';

const TABS = ['project', 'team', 'compare'] as const;
type FieldTab = (typeof TABS)[number];

/** /project/field/:projectId: the project's and the team's field libraries, and the check of the documents. */
const FieldsPage = () => (
  <TeamProjectPage notice="app.knowledge.field.local" testId="field-local">
    {(projectId) => <Fields projectId={projectId} />}
  </TeamProjectPage>
);

function Fields({ projectId }: { projectId: number }) {
  const translate = useTranslate();
  const t = (key: string) => translate(`app.knowledge.field.${key}`);
  const role = useProjectRole(projectId);
  const teamId = role.project?.teamId ?? 0;
  // the team library is written by the team's owner and administrators (infra's roster roles), whatever the project
  const team = useTeamInfo(teamId || null);
  const teamWriter = team.data?.myRole === 'owner' || team.data?.myRole === 'administrator';
  const [params, setParams] = useSearchParams();
  const tab: FieldTab = (TABS as readonly string[]).includes(params.get('tab') ?? '')
    ? (params.get('tab') as FieldTab)
    : 'project';
  const projectLibrary = useMemo<Library>(() => ({ scope: 'project', projectId, teamId }), [projectId, teamId]);
  const teamLibrary = useMemo<Library>(() => ({ scope: 'team', projectId, teamId }), [projectId, teamId]);

  if (role.error) return <Alert severity="warning">{t('refused')}</Alert>;

  return (
    <Stack spacing={2} data-testid="field-page">
      <Paper variant="outlined" sx={{ p: 2, pb: 0 }}>
        <Typography variant="h6" component="h1">
          {t('title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('subtitle')}
        </Typography>
        <Tabs
          value={tab}
          onChange={(_, next: FieldTab) => setParams(next === 'project' ? {} : { tab: next }, { replace: true })}
          sx={{ mt: 1 }}
        >
          {TABS.map((name) => (
            <Tab key={name} value={name} label={t(`tabs.${name}`)} data-tab={name} />
          ))}
        </Tabs>
      </Paper>
      {role.isPending ? (
        <LinearProgress />
      ) : (
        <>
          {tab === 'project' && !role.canWrite && <Alert severity="info">{t('read_only')}</Alert>}
          {tab === 'team' && !team.isPending && !teamWriter && <Alert severity="info">{t('team_read_only')}</Alert>}
          {tab === 'project' && <FieldLibrary key="project" library={projectLibrary} canWrite={role.canWrite} />}
          {tab === 'team' && teamId > 0 && <FieldLibrary key="team" library={teamLibrary} canWrite={teamWriter} />}
          {tab === 'compare' && <FieldComparePanel projectId={projectId} canWrite={role.canWrite} />}
        </>
      )}
    </Stack>
  );
}

export default FieldsPage;
