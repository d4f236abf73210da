import type { authv1, messagingv1, taskv1, teamv1 } from '@pmbok/proto';
import { Kind } from '@sinclair/typebox';
import { describe, expect, expectTypeOf, it } from 'vitest';
import type { projectRoles, projectStatuses, taskStatuses, teamRoles } from '../src/routes/api/enums.js';
import { apiCalls } from '../src/routes/api/index.js';
import type * as answers from '../src/schemas/index.js';

describe('response schemas', () => {
  it('every call of the route table names the schema its answers are serialized with', () => {
    const without = apiCalls
      .filter((call) => !call.response || typeof call.response[Kind] !== 'string')
      .map((call) => `${call.module}/${call.call}`);
    expect(without, 'calls without a TypeBox `response` in gateway/src/routes/api').toEqual([]);
  });

  // Checked by the type checker (npm run typecheck), not at run time: a field added to a message in a .proto file and
  // forgotten in the schema would be dropped from the answer by the serializer; here it fails to compile instead.
  it('names every field of the messages the answers carry', () => {
    type Keys<T> = keyof T & string;
    expectTypeOf<Keys<answers.Profile>>().toEqualTypeOf<Keys<authv1.UserProfile>>();
    expectTypeOf<Keys<answers.SmsSent>>().toEqualTypeOf<Keys<authv1.SendSmsCodeResponse>>();
    expectTypeOf<Keys<answers.QrCode>>().toEqualTypeOf<Keys<authv1.CreateQrLoginResponse>>();
    expectTypeOf<Keys<answers.QrLoginInfo>>().toEqualTypeOf<Keys<authv1.DescribeQrLoginResponse>>();
    expectTypeOf<Keys<answers.WechatBinding>>().toEqualTypeOf<Keys<authv1.WechatBinding>>();
    expectTypeOf<Keys<answers.Invitee>>().toEqualTypeOf<Keys<authv1.Invitee>>();
    expectTypeOf<Keys<answers.UserInfo>>().toEqualTypeOf<
      Keys<authv1.UserProfile> | 'name' | 'roles' | 'userTeam' | 'activeTeamId'
    >();

    expectTypeOf<Keys<answers.TeamInfo>>().toEqualTypeOf<Keys<teamv1.Team>>();
    expectTypeOf<Keys<answers.TeamMember>>().toEqualTypeOf<Keys<teamv1.Member>>();
    expectTypeOf<Keys<answers.Invitation>>().toEqualTypeOf<Keys<teamv1.GetInvitationResponse>>();
    expectTypeOf<Keys<answers.PendingInvitation>>().toEqualTypeOf<Keys<teamv1.PendingInvitation>>();
    expectTypeOf<Keys<answers.MyInvitation>>().toEqualTypeOf<Keys<teamv1.MyInvitation>>();
    expectTypeOf<Keys<answers.ShareInfo>>().toEqualTypeOf<Keys<teamv1.GetShareInfoResponse>>();
    expectTypeOf<Keys<answers.Invited>>().toEqualTypeOf<Keys<teamv1.InviteByTelephoneResponse>>();

    expectTypeOf<Keys<answers.TaskProject>>().toEqualTypeOf<
      Keys<taskv1.TaskProject> | 'userId' | 'parentTaskProjectId'
    >();
    expectTypeOf<Keys<answers.Task>>().toEqualTypeOf<Keys<taskv1.Task>>();
    expectTypeOf<Keys<answers.TaskDetail>>().toEqualTypeOf<Keys<taskv1.Task> | 'linkedDocs'>();
    expectTypeOf<Keys<answers.LinkedDoc>>().toEqualTypeOf<Keys<taskv1.LinkedDoc>>();
    expectTypeOf<Keys<answers.Flow>>().toEqualTypeOf<Keys<taskv1.Flow>>();
    expectTypeOf<Keys<answers.BoardColumn>>().toEqualTypeOf<Keys<taskv1.Flow> | 'tasks'>();
    expectTypeOf<Keys<answers.ProjectMember>>().toEqualTypeOf<Keys<taskv1.ProjectMember>>();
    expectTypeOf<Keys<answers.Comment>>().toEqualTypeOf<Keys<taskv1.Comment>>();
    expectTypeOf<Keys<answers.TaskLog>>().toEqualTypeOf<Keys<taskv1.TaskLog>>();
    expectTypeOf<Keys<answers.WorkHourReport>>().toEqualTypeOf<Keys<taskv1.GetWorkHourReportResponse>>();
    expectTypeOf<Keys<answers.MemberWorkHours>>().toEqualTypeOf<Keys<taskv1.MemberWorkHours>>();

    expectTypeOf<Keys<answers.FeedbackList['lists'][number]>>().toEqualTypeOf<
      Exclude<Keys<messagingv1.Feedback>, 'createdAt'> | 'id' | 'createTime'
    >();
    expectTypeOf<Keys<answers.FeedbackAccess>>().toEqualTypeOf<Keys<messagingv1.GetFeedbackAccessResponse>>();
  });

  it('names the same enum members as the generated code', () => {
    expectTypeOf<answers.TeamRole>().toEqualTypeOf<(typeof teamRoles.names)[number]>();
    expectTypeOf<answers.ProjectRole>().toEqualTypeOf<(typeof projectRoles.names)[number]>();
    expectTypeOf<answers.ProjectStatus>().toEqualTypeOf<(typeof projectStatuses.names)[number]>();
    expectTypeOf<answers.TaskStatus>().toEqualTypeOf<(typeof taskStatuses.names)[number]>();
  });
});
