import type { Static } from '@sinclair/typebox';
import type * as ai from './ai.js';
import type * as feedback from './feedback.js';
import type * as mock from './mock.js';
import type * as project from './project.js';
import type * as publishing from './publishing.js';
import type * as system from './system.js';
import type * as task from './task.js';
import type * as team from './team.js';
import type * as tests from './tests.js';
import type * as user from './user.js';
import type * as userInfo from './user-info.js';

/*
 * The answers of /pmbok/api as types: the `data` of each call, as the gateway's response schemas serialize it.
 * The console imports this module type-only (`import type … from '@pmbok/api-types'`), so it types what the
 * gateway really sends instead of a copy; nothing here exists at run time.
 */

// user/…, login/captcha, the QR sign-in
export type SignedIn = Static<typeof user.SignedIn>;
export type QrSignIn = Static<typeof user.QrSignIn>;
export type SmsSent = Static<typeof user.SmsSent>;
export type Profile = Static<typeof user.Profile>;
export type PasswordReset = Static<typeof user.PasswordReset>;
export type NeedCaptcha = Static<typeof user.NeedCaptcha>;
export type Captcha = Static<typeof user.Captcha>;
export type UsernameCheck = Static<typeof user.UsernameCheck>;
export type QrCode = Static<typeof user.QrCode>;
export type QrLoginInfo = Static<typeof user.QrLoginInfo>;
export type WechatBinding = Static<typeof user.WechatBinding>;

// userInfo/…
export type UserTeam = Static<typeof userInfo.UserTeam>;
export type UserInfo = Static<typeof userInfo.UserInfo>;
export type Invitee = Static<typeof userInfo.Invitee>;
export type InviteMessage = Static<typeof userInfo.InviteMessage>;
export type TeamInitCheck = Static<typeof userInfo.TeamInitCheck>;

// team/…
export type TeamRole = Static<typeof team.TeamRole>;
export type TeamInfo = Static<typeof team.TeamInfo>;
export type TeamMember = Static<typeof team.TeamMember>;
export type TeamJoined = Static<typeof team.TeamJoined>;
export type ShareInfo = Static<typeof team.ShareInfo>;
export type ShareCode = Static<typeof team.ShareCode>;
export type Invitation = Static<typeof team.Invitation>;
export type Invited = Static<typeof team.Invited>;
export type PendingInvitation = Static<typeof team.PendingInvitation>;
export type MyInvitation = Static<typeof team.MyInvitation>;

// task/…
export type ProjectRole = Static<typeof task.ProjectRole>;
export type ProjectStatus = Static<typeof task.ProjectStatus>;
export type TaskStatus = Static<typeof task.TaskStatus>;
export type Flow = Static<typeof task.Flow>;
export type ProjectMember = Static<typeof task.ProjectMember>;
export type TaskProject = Static<typeof task.TaskProject>;
export type ProjectCreated = Static<typeof task.ProjectCreated>;
export type Task = Static<typeof task.Task>;
export type LinkedDoc = Static<typeof task.LinkedDoc>;
export type TaskDetail = Static<typeof task.TaskDetail>;
export type BoardColumn = Static<typeof task.BoardColumn>;
export type Comment = Static<typeof task.Comment>;
export type TaskLog = Static<typeof task.TaskLog>;
export type TaskPage = Static<typeof task.TaskPage>;
/** A page of any list the task calls page (comments, logs, tasks). */
export type Page<T> = Omit<TaskPage, 'list'> & { list: T[] };
export type CommentPage = Static<typeof task.CommentPage>;
export type TaskLogPage = Static<typeof task.TaskLogPage>;
export type MemberWorkHours = Static<typeof task.MemberWorkHours>;
export type WorkHourReport = Static<typeof task.WorkHourReport>;
export type MembersAdded = Static<typeof task.MembersAdded>;
export type FlowCreated = Static<typeof task.FlowCreated>;
export type TaskCreated = Static<typeof task.TaskCreated>;
export type Commented = Static<typeof task.Commented>;

// feedback/…, system/info
export type FeedbackSubmitted = Static<typeof feedback.FeedbackSubmitted>;
export type FeedbackList = Static<typeof feedback.FeedbackList>;
export type FeedbackAccess = Static<typeof feedback.FeedbackAccess>;
export type SystemInfo = Static<typeof system.SystemInfo>;

// project/…, projectUser/… (docs/api/knowledge.md)
export type KnowledgeRole = Static<typeof project.KnowledgeRole>;
export type PrivateType = Static<typeof project.PrivateType>;
export type DocPrivateType = Static<typeof project.DocPrivateType>;
export type VersionUpdateType = Static<typeof project.VersionUpdateType>;
export type NodeKind = Static<typeof project.NodeKind>;
export type ApiStatus = Static<typeof project.ApiStatus>;
export type HttpMethod = Static<typeof project.HttpMethod>;
export type KnowledgeProject = Static<typeof project.KnowledgeProject>;
export type KnowledgeProjectCreated = Static<typeof project.KnowledgeProjectCreated>;
export type KnowledgeMember = Static<typeof project.KnowledgeMember>;
export type Environment = Static<typeof project.Environment>;
export type EnvironmentCreated = Static<typeof project.EnvironmentCreated>;
export type ResponseCode = Static<typeof project.ResponseCode>;
export type ResponseCodeCreated = Static<typeof project.ResponseCodeCreated>;
export type PreScripts = Static<typeof project.PreScripts>;
export type StructureNode = Static<typeof project.StructureNode>;
export type StructureTree = Static<typeof project.StructureTree>;
export type StructureCreated = Static<typeof project.StructureCreated>;
export type Parameter = Static<typeof project.Parameter>;
export type FormField = Static<typeof project.FormField>;
export type RequestBody = Static<typeof project.RequestBody>;
export type ApiResponse = Static<typeof project.ApiResponse>;
export type ApiDoc = Static<typeof project.ApiDoc>;
export type PageDoc = Static<typeof project.PageDoc>;
export type SchemaDoc = Static<typeof project.SchemaDoc>;
export type LinkedTask = Static<typeof project.LinkedTask>;
export type DocDetail = Static<typeof project.DocDetail>;
export type DocSaved = Static<typeof project.DocSaved>;
export type SaveConflict = Static<typeof project.SaveConflict>;
export type SearchHit = Static<typeof project.SearchHit>;
export type SearchHits = Static<typeof project.SearchHits>;
export type ProjectSettings = Static<typeof project.ProjectSettings>;
export type ProjectUserInfo = Static<typeof project.ProjectUserInfo>;
export type TeamCandidate = Static<typeof project.TeamCandidate>;
export type MemberListPage = Static<typeof project.MemberListPage>;
export type AuthoredDoc = Static<typeof project.AuthoredDoc>;
export type AuthoredDocPage = Static<typeof project.AuthoredDocPage>;

// project/… publishing: import and export, versions, history, share links (docs/api/publishing.md)
export type ImportFormat = Static<typeof publishing.ImportFormat>;
export type ExportFormat = Static<typeof publishing.ExportFormat>;
export type ImportProblem = Static<typeof publishing.ImportProblem>;
export type ImportItem = Static<typeof publishing.ImportItem>;
export type ImportPreview = Static<typeof publishing.ImportPreview>;
export type ImportResult = Static<typeof publishing.ImportResult>;
export type ImportSchedule = Static<typeof publishing.ImportSchedule>;
export type ExportFile = Static<typeof publishing.ExportFile>;
export type ProjectVersion = Static<typeof publishing.ProjectVersion>;
export type ProjectVersionPage = Static<typeof publishing.ProjectVersionPage>;
export type VersionCreated = Static<typeof publishing.VersionCreated>;
export type FieldDiff = Static<typeof publishing.FieldDiff>;
export type DocDiff = Static<typeof publishing.DocDiff>;
export type VersionDiff = Static<typeof publishing.VersionDiff>;
export type RestoreResult = Static<typeof publishing.RestoreResult>;
export type HistoryEntry = Static<typeof publishing.HistoryEntry>;
export type HistoryPage = Static<typeof publishing.HistoryPage>;
export type ShareLink = Static<typeof publishing.ShareLink>;
export type ShareLinkList = Static<typeof publishing.ShareLinkList>;
export type ShareLinkInfo = Static<typeof publishing.ShareLinkInfo>;
export type ShareAccess = Static<typeof publishing.ShareAccess>;
export type PublicTree = Static<typeof publishing.PublicTree>;

// project/… field standards and mock settings (docs/api/mock-and-fields.md)
export type DataFieldScope = Static<typeof mock.DataFieldScope>;
export type DataFieldType = Static<typeof mock.DataFieldType>;
export type DataField = Static<typeof mock.DataField>;
export type DataFieldPage = Static<typeof mock.DataFieldPage>;
export type DataFieldSaved = Static<typeof mock.DataFieldSaved>;
export type DataFieldBatchResult = Static<typeof mock.DataFieldBatchResult>;
export type FieldCandidate = Static<typeof mock.FieldCandidate>;
export type FieldSourceParse = Static<typeof mock.FieldSourceParse>;
export type FieldIssueKind = Static<typeof mock.FieldIssueKind>;
export type FieldFix = Static<typeof mock.FieldFix>;
export type FieldShape = Static<typeof mock.FieldShape>;
export type FieldUse = Static<typeof mock.FieldUse>;
export type FieldIssue = Static<typeof mock.FieldIssue>;
export type FieldCompareReport = Static<typeof mock.FieldCompareReport>;
export type FieldCompareUpdateResult = Static<typeof mock.FieldCompareUpdateResult>;
export type MockSettings = Static<typeof mock.MockSettings>;
export type MockCondition = Static<typeof mock.MockCondition>;
export type MockExpectation = Static<typeof mock.MockExpectation>;

// project/… API tests (docs/api/tests.md)
export type TestRunStatus = Static<typeof tests.TestRunStatus>;
export type TestCaseSummary = Static<typeof tests.TestCaseSummary>;
export type TestCaseList = Static<typeof tests.TestCaseList>;
export type TestCase = Static<typeof tests.TestCase>;
export type TestCaseSaved = Static<typeof tests.TestCaseSaved>;
export type TestScenarioSummary = Static<typeof tests.TestScenarioSummary>;
export type TestScenarioList = Static<typeof tests.TestScenarioList>;
export type TestScenario = Static<typeof tests.TestScenario>;
export type TestScenarioSaved = Static<typeof tests.TestScenarioSaved>;
export type TestRunStarted = Static<typeof tests.TestRunStarted>;
export type TestRunSummary = Static<typeof tests.TestRunSummary>;
export type TestRunPage = Static<typeof tests.TestRunPage>;
export type TestRunDetail = Static<typeof tests.TestRunDetail>;
export type TestRunPush = Static<typeof tests.TestRunPush>;
export type TestToken = Static<typeof tests.TestToken>;
export type TestTokenList = Static<typeof tests.TestTokenList>;
export type TestTokenCreated = Static<typeof tests.TestTokenCreated>;
export type TestPlan = Static<typeof tests.TestPlan>;

// ai/chat/… (docs/api/ai.md)
export type Citation = Static<typeof ai.Citation>;
export type AiChatGroup = Static<typeof ai.AiChatGroup>;
export type AiChatMessage = Static<typeof ai.AiChatMessage>;
export type AiChatHistory = Static<typeof ai.AiChatHistory>;
export type AiChatRecorded = Static<typeof ai.AiChatRecorded>;
export type AiSuggestions = Static<typeof ai.AiSuggestions>;
export type AskFrame = Static<typeof ai.AskFrame>;

// chat/… (docs/api/messaging.md)
export type {
  ChatMessage,
  ChatMessagePage,
  ChatMessagePush,
  ChatReadAnswer,
  ChatReadPush,
  ChatSearchPage,
  ChatTypingPush,
  Conversation,
  ConversationKind,
  MessageCard,
} from './chat.js';
// task/myTasks, task/myWorkHours, task/stats, activity/… (docs/api/home.md)
export type {
  Activity,
  ActivityCount,
  ActivityPage,
  ActivityPush,
  MyTask,
  MyTaskPage,
  MyWorkHours,
  TaskStats,
} from './home.js';
// message/…, follow/… (docs/api/messaging.md)
export type {
  Follow,
  FollowState,
  FollowTarget,
  Notification,
  NotificationPage,
  NotificationPush,
  NotificationSettings,
  NotificationsReadAnswer,
  UnreadCounts,
  UnreadPush,
} from './inbox.js';
// webhook/… (docs/api/messaging.md)
export type { Webhook, WebhookAttempt, WebhookDeliveries, WebhookDelivery } from './webhooks.js';
