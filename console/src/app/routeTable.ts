import AccountTreeIcon from '@mui/icons-material/AccountTree';
import AssignmentTurnedInIcon from '@mui/icons-material/AssignmentTurnedIn';
import BadgeIcon from '@mui/icons-material/Badge';
import BugReportIcon from '@mui/icons-material/BugReport';
import DescriptionIcon from '@mui/icons-material/Description';
import EditNoteIcon from '@mui/icons-material/EditNote';
import FeedbackIcon from '@mui/icons-material/Feedback';
import ForumIcon from '@mui/icons-material/Forum';
import GroupsIcon from '@mui/icons-material/Groups';
import HelpCenterIcon from '@mui/icons-material/HelpCenter';
import HistoryIcon from '@mui/icons-material/History';
import HomeIcon from '@mui/icons-material/Home';
import InfoIcon from '@mui/icons-material/Info';
import LinkIcon from '@mui/icons-material/Link';
import LoginIcon from '@mui/icons-material/Login';
import ManageAccountsIcon from '@mui/icons-material/ManageAccounts';
import MenuBookIcon from '@mui/icons-material/MenuBook';
import PeopleIcon from '@mui/icons-material/People';
import QrCode2Icon from '@mui/icons-material/QrCode2';
import RuleIcon from '@mui/icons-material/Rule';
import ScienceIcon from '@mui/icons-material/Science';
import SecurityIcon from '@mui/icons-material/Security';
import SettingsIcon from '@mui/icons-material/Settings';
import ShareIcon from '@mui/icons-material/Share';
import SpaceDashboardIcon from '@mui/icons-material/SpaceDashboard';
import StyleIcon from '@mui/icons-material/Style';
import TaskAltIcon from '@mui/icons-material/TaskAlt';
import { INSTANCE_ADMIN } from '../auth/userInfo';
import { HELP_URL } from '../layout/externalLinks';
import { lazyPage } from '../navigation/lazyPage';
import type { AppRoute } from '../navigation/types';

const InvitePage = lazyPage(() => import('../teams/InvitePage'));
const TeamIndexPage = lazyPage(() => import('../teams/TeamIndexPage'));
const OrganizationPage = lazyPage(() => import('../teams/OrganizationPage'));
const TeamUserPage = lazyPage(() => import('../teamUsers/TeamUserList'));
const FeedbackListPage = lazyPage(() => import('../feedback/FeedbackList'));
const Unauthorized = lazyPage(() => import('../pages/Unauthorized'));
const AuthRedirectPage = lazyPage(() => import('../login/AuthRedirectPage'));
const QrConfirmPage = lazyPage(() => import('../qrConfirm/QrConfirmPage'));
const ProfilePage = lazyPage(() => import('../profile/ProfilePage'));
const SecurityPage = lazyPage(() => import('../security/SecurityPage'));
const SharePage = lazyPage(() => import('../share/SharePage'));
const RefreshRedirect = lazyPage(() => import('./RefreshRedirect'));
const ErrorLogPage = lazyPage(() => import('../errorLog/ErrorLogPage'));
const TaskIndexPage = lazyPage(() => import('../tasks/TaskIndexPage'));
const ProjectHomePage = lazyPage(() => import('../tasks/ProjectHomePage'));
const ProjectSettingsPage = lazyPage(() => import('../tasks/ProjectSettingsPage'));
const ProjectMembersPage = lazyPage(() => import('../tasks/ProjectMembersPage'));
const KnowledgeListPage = lazyPage(() => import('../knowledge/ProjectListPage'));
const KnowledgeSettingsPage = lazyPage(() => import('../knowledge/settings/ProjectSettingsPage'));
const KnowledgeTestsPage = lazyPage(() => import('../knowledge/tests/TestsPage'));
const KnowledgeWorkspacePage = lazyPage(() => import('../knowledge/workspace/WorkspacePage'));
const KnowledgeVersionsPage = lazyPage(() => import('../knowledge/publishing/versions/VersionsPage'));
const KnowledgeHistoryPage = lazyPage(() => import('../knowledge/publishing/history/HistoryPage'));
const KnowledgeSharePage = lazyPage(() => import('../knowledge/publishing/share/SharePage'));
const PublicDocPage = lazyPage(() => import('../publicDoc/PublicDocPage'));
const AuthorPage = lazyPage(() => import('../knowledge/author/AuthorPage'));
const KnowledgeFieldsPage = lazyPage(() => import('../knowledge/fields/FieldsPage'));
const ChatPage = lazyPage(() => import('../chat/ChatPage'));
const HomePage = lazyPage(() => import('../home/HomePage'));
const WorkPage = lazyPage(() => import('../work/WorkPage'));

// Team management is what the guard generates for the admin role (SPEC §6); the rest is open to any signed-in user.
const GENERATED = ['admin', 'editor'];

/** SPEC §2.2. */
export const routeTable: AppRoute[] = [
  { path: '/login', title: 'app.route.login', icon: LoginIcon, hidden: true, layout: false, builtIn: true },
  {
    path: '/invite/:shareCode/:userId',
    title: 'app.route.invite',
    icon: LinkIcon,
    hidden: true,
    layout: false,
    page: InvitePage,
  },
  {
    path: '/invite/:shareCode',
    title: 'app.route.invite',
    icon: LinkIcon,
    hidden: true,
    layout: false,
    page: InvitePage,
  },
  {
    path: '/doc/share/:docId/:id',
    title: 'app.route.docShare',
    icon: DescriptionIcon,
    hidden: true,
    layout: false,
    page: PublicDocPage,
  },
  {
    path: '/doc/share/:docId',
    title: 'app.route.docShare',
    icon: DescriptionIcon,
    hidden: true,
    layout: false,
    page: PublicDocPage,
  },
  {
    path: '/auth-redirect',
    title: 'app.route.authRedirect',
    icon: LoginIcon,
    hidden: true,
    layout: false,
    page: AuthRedirectPage,
  },
  // The phone's side of QR sign-in (the embedded provider's QR codes link here).
  {
    path: '/qrconfirm/:ticket',
    title: 'app.route.qrConfirm',
    icon: QrCode2Icon,
    hidden: true,
    layout: false,
    page: QrConfirmPage,
  },
  { path: '/401', title: 'app.route.unauthorized', hidden: true, layout: false, page: Unauthorized },
  {
    path: '/task/home/:projectId',
    title: 'app.route.taskHome',
    icon: TaskAltIcon,
    hidden: true,
    page: ProjectHomePage,
  },
  {
    path: '/',
    redirect: '/index',
    children: [
      { path: 'index', title: 'app.route.home', icon: HomeIcon, affix: true, page: HomePage },
      { path: 'work', title: 'app.route.work', icon: SpaceDashboardIcon, page: WorkPage },
      { path: 'api', title: 'app.route.api', icon: MenuBookIcon, page: KnowledgeListPage },
      { path: 'taskIndex', title: 'app.route.taskIndex', icon: AssignmentTurnedInIcon, page: TaskIndexPage },
      { path: 'chat', title: 'app.route.chat', icon: ForumIcon, page: ChatPage },
      {
        path: 'team',
        title: 'app.route.team',
        icon: GroupsIcon,
        redirect: '/team/index',
        roles: GENERATED,
        children: [
          { path: 'index', title: 'app.route.teamIndex', icon: GroupsIcon, roles: GENERATED, page: TeamIndexPage },
          {
            path: 'organization',
            title: 'app.route.organization',
            icon: AccountTreeIcon,
            roles: GENERATED,
            page: OrganizationPage,
          },
          { path: 'teamUser', title: 'app.route.teamUser', icon: PeopleIcon, roles: GENERATED, page: TeamUserPage },
        ],
      },
    ],
  },
  {
    path: '/user',
    redirect: '/user/index',
    children: [{ path: 'index', title: 'app.route.userInfo', icon: BadgeIcon, page: ProfilePage }],
  },
  {
    path: '/userSetting',
    redirect: '/userSetting/index',
    children: [{ path: 'index', title: 'app.route.userSetting', icon: SecurityIcon, page: SecurityPage }],
  },
  {
    path: '/share',
    redirect: '/share/index',
    children: [{ path: 'index', title: 'app.route.share', icon: ShareIcon, page: SharePage }],
  },
  {
    path: '/userAuthor',
    redirect: '/userAuthor/index',
    children: [{ path: 'index', title: 'app.route.userAuthor', icon: EditNoteIcon, page: AuthorPage }],
  },
  // The help manual in an embedded frame that keeps its place while other tabs are used (SPEC §2.2 "book").
  {
    path: '/book',
    redirect: '/book/index',
    children: [{ path: 'index', title: 'app.route.book', icon: HelpCenterIcon, frame: HELP_URL }],
  },
  // Everyone's feedback, for the instance's administrators (feedback/access; the server refuses the others).
  {
    path: '/feedback',
    redirect: '/feedback/index',
    roles: [INSTANCE_ADMIN],
    children: [
      {
        path: 'index',
        title: 'app.feedback_list.title',
        icon: FeedbackIcon,
        roles: [INSTANCE_ADMIN],
        page: FeedbackListPage,
      },
    ],
  },
  {
    path: '/project',
    redirect: '/project/index',
    hidden: true,
    children: [
      {
        path: 'history/:projectId?',
        title: 'app.route.projectHistory',
        icon: HistoryIcon,
        page: KnowledgeHistoryPage,
      },
      // Without an id: local mode, the browser's own project (knowledge/local); with one: the team project's.
      { path: 'index', title: 'app.route.projectIndex', icon: MenuBookIcon, page: KnowledgeWorkspacePage },
      { path: 'index/:projectId', title: 'app.route.projectIndex', icon: MenuBookIcon, page: KnowledgeWorkspacePage },
      { path: 'share/:projectId?', title: 'app.route.projectShare', icon: ShareIcon, page: KnowledgeSharePage },
      { path: 'test/:projectId?', title: 'app.route.projectTest', icon: ScienceIcon, page: KnowledgeTestsPage },
      { path: 'field/:projectId?', title: 'app.route.projectField', icon: RuleIcon, page: KnowledgeFieldsPage },
      {
        path: 'version/:projectId?',
        title: 'app.route.projectVersion',
        icon: StyleIcon,
        page: KnowledgeVersionsPage,
      },
      {
        path: 'setting/:projectId?',
        title: 'app.route.projectSetting',
        icon: SettingsIcon,
        page: KnowledgeSettingsPage,
      },
    ],
  },
  {
    path: '/taskManage',
    hidden: true,
    children: [
      { path: 'index/:projectId', title: 'app.route.taskManageIndex', icon: InfoIcon, page: ProjectSettingsPage },
      {
        path: 'user/:projectId',
        title: 'app.route.taskManageUser',
        icon: ManageAccountsIcon,
        page: ProjectMembersPage,
      },
    ],
  },
  // Reached from the header's error-log button, which shows once something is logged.
  {
    path: '/errorLog',
    redirect: '/errorLog/index',
    hidden: true,
    children: [{ path: 'index', title: 'app.error_log.title', icon: BugReportIcon, page: ErrorLogPage }],
  },
  // Layout targets: the breadcrumb root and the tags view's "refresh".
  { path: '/dashboard', redirect: '/index', hidden: true },
  { path: '/redirect/*', hidden: true, page: RefreshRedirect },
];
