import BlockIcon from '@mui/icons-material/Block';
import SettingsIcon from '@mui/icons-material/Settings';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  LinearProgress,
  Paper,
  Tab,
  Tabs,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Link, useSearchParams } from 'react-router-dom';
import { WebhookSettings } from '../../chat/WebhookSettings';
import { TeamPoster } from '../../teams/TeamPoster';
import { canManage, knowledgeApi, knowledgeKeys, type ProjectSettings } from '../knowledgeApi';
import { MockSettingsTab } from '../mock/MockSettingsTab';
import { ProjectLayout, useRouteProjectId } from '../ProjectNav';
import { ImportSchedulesTab } from '../publishing/io/ImportSchedulesTab';
import { hasTests } from '../tests/testsApi';
import { ApiTemplatesTab } from './ApiTemplatesTab';
import { DangerZone } from './DangerZone';
import { EnvironmentsTab } from './EnvironmentsTab';
import { GeneralTab } from './GeneralTab';
import { MembersTab } from './MembersTab';
import { ResponseCodesTab } from './ResponseCodesTab';
import { ScriptsTab } from './ScriptsTab';
import { TestTokensTab } from './TestTokensTab';

export interface TabProps {
  projectId: number;
  settings: ProjectSettings;
  /** Viewers, editors and team members outside the project: everything shows, nothing changes. */
  readOnly: boolean;
}

/** The project's webhooks (team messages); their URLs carry keys, so only managers see the tab. */
function WebhooksTab({ projectId, readOnly }: TabProps) {
  return <WebhookSettings scope={{ scope: 'project', projectId, projectKind: 'api' }} canManage={!readOnly} />;
}

const TABS: {
  key: string;
  Panel: (props: TabProps) => ReactNode;
  label?: string;
  /** Shown to owners and administrators only, of a project the server keeps (API tokens). */
  managers?: boolean;
}[] = [
  { key: 'general', Panel: GeneralTab },
  { key: 'members', Panel: MembersTab },
  { key: 'environments', Panel: EnvironmentsTab },
  { key: 'response_codes', Panel: ResponseCodesTab },
  { key: 'scripts', Panel: ScriptsTab },
  { key: 'templates', Panel: ApiTemplatesTab },
  { key: 'import', Panel: ImportSchedulesTab, label: 'app.knowledge.io.schedules.tab' },
  { key: 'mock', Panel: MockSettingsTab, label: 'app.knowledge.mock.settings.tab' },
  { key: 'tokens', Panel: TestTokensTab, label: 'app.knowledge.tests.tokens.tab', managers: true },
  { key: 'webhooks', Panel: WebhooksTab, label: 'app.chat.webhook.title', managers: true },
  { key: 'danger', Panel: DangerZone },
];

/** /project/setting/:projectId: the project's settings in tabs; only owners and administrators change them. */
const ProjectSettingsPage = () => {
  const projectId = useRouteProjectId();
  return <ProjectLayout>{projectId ? <Settings projectId={projectId} /> : <Notice kind="none" />}</ProjectLayout>;
};

const Settings = ({ projectId }: { projectId: number }) => {
  const translate = useTranslate();
  const [search, setSearch] = useSearchParams();
  const {
    data: settings,
    isPending,
    error,
  } = useQuery({
    queryKey: knowledgeKeys.settings(projectId),
    queryFn: () => knowledgeApi.settings(projectId),
    retry: false,
  });
  if (isPending) return <LinearProgress />;
  if (error || !settings) return <Notice kind="refused" message={error?.message} />;

  const { project } = settings;
  const readOnly = !canManage(project.myRole);
  const tabs = TABS.filter((entry) => !entry.managers || (!readOnly && hasTests(projectId)));
  const tab = tabs.find((entry) => entry.key === search.get('tab')) ?? tabs[0]!;
  const role = translate(`app.knowledge.roles.${project.myRole || 'none'}`);

  return (
    <Paper variant="outlined" data-testid="project-settings" data-read-only={readOnly}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, p: 2, pb: 1 }}>
        {project.logo ? (
          <Avatar src={project.logo} alt="" variant="rounded" sx={{ width: 40, height: 40 }} />
        ) : (
          <Box sx={{ width: 40, height: 40, borderRadius: 1, overflow: 'hidden', flexShrink: 0 }}>
            <TeamPoster index={project.poster} name={project.name} width={40} height={40} rounded={0} />
          </Box>
        )}
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h6" component="h1" noWrap>
            {translate('app.knowledge.setting.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {project.name}
          </Typography>
        </Box>
        <Chip size="small" label={role} color={readOnly ? 'default' : 'primary'} variant="outlined" />
      </Box>
      {readOnly && (
        <Alert severity="info" sx={{ mx: 2, mb: 1 }} data-testid="read-only">
          {translate('app.knowledge.setting.read_only', { role })}
        </Alert>
      )}
      <Tabs
        value={tab.key}
        onChange={(_event, key: string) => setSearch({ tab: key }, { replace: true })}
        variant="scrollable"
        allowScrollButtonsMobile
        sx={{ px: 1, borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map(({ key, label }) => (
          <Tab
            key={key}
            value={key}
            label={translate(label ?? `app.knowledge.setting.tabs.${key}`)}
            sx={key === 'danger' ? { color: 'error.main' } : undefined}
          />
        ))}
      </Tabs>
      <Box sx={{ p: { xs: 1.5, md: 2.5 } }} role="tabpanel" data-tab={tab.key}>
        <tab.Panel projectId={projectId} settings={settings} readOnly={readOnly} />
      </Box>
    </Paper>
  );
};

/** No project chosen (local mode, a bare /project/setting), or one the caller may not see. */
const Notice = ({ kind, message }: { kind: 'none' | 'refused'; message?: string }) => {
  const translate = useTranslate();
  return (
    <Card variant="outlined" sx={{ textAlign: 'center' }} data-testid={`settings-${kind}`}>
      <CardContent sx={{ py: 6 }}>
        <Avatar
          sx={{ width: 64, height: 64, mx: 'auto', mb: 2, bgcolor: kind === 'none' ? 'primary.light' : 'grey.400' }}
        >
          {kind === 'none' ? <SettingsIcon fontSize="large" /> : <BlockIcon fontSize="large" />}
        </Avatar>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {kind === 'none'
            ? translate('app.knowledge.coming.no_project')
            : translate(message || 'app.knowledge.setting.refused')}
        </Typography>
        <Button component={Link} to="/api" variant="outlined">
          {translate('app.knowledge.coming.to_list')}
        </Button>
      </CardContent>
    </Card>
  );
};

export default ProjectSettingsPage;
