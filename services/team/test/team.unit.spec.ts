import { DomainError } from '@pmbok/infra';
import { deciderSpec } from '@pmbok/infra/testing';
import { describe, it } from 'vitest';
import { messages, type TeamCommand, teamDecider } from '../src/domain/team/businessLogic.js';
import type { TeamEvent } from '../src/domain/team/team.js';

const spec = deciderSpec(teamDecider);
const OWNER = 1;
const ADMIN = 2;
const MEMBER = 3;
const STRANGER = 9;

const created: TeamEvent[] = [
  {
    type: 'TeamCreated',
    data: {
      teamId: 100,
      name: '研发部',
      ownerId: OWNER,
      shareCode: 'CODE2345',
      poster: 1,
      sourceProjectIds: [],
      sourceTaskProjectIds: [7],
    },
  },
  { type: 'MemberJoined', data: { userId: OWNER, role: 'owner', via: 'created', inviterId: 0 } },
];
const staffed: TeamEvent[] = [
  ...created,
  { type: 'MemberJoined', data: { userId: ADMIN, role: 'member', via: 'shareCode', inviterId: OWNER } },
  { type: 'MemberRoleChanged', data: { userId: ADMIN, role: 'administrator' } },
  { type: 'MemberJoined', data: { userId: MEMBER, role: 'member', via: 'shareCode', inviterId: OWNER } },
];
const as = (actorId: number) => ({ metadata: { actorId } });

describe('a new team', () => {
  it('is created with its owner as first member and its templates', () =>
    spec
      .given([])
      .when({ type: 'CreateTeam', data: (created[0] as Extract<TeamEvent, { type: 'TeamCreated' }>).data })
      .then(created));
  it('needs a name', () =>
    spec
      .given([])
      .when({
        type: 'CreateTeam',
        data: {
          teamId: 1,
          name: ' ',
          ownerId: 1,
          shareCode: 'X',
          poster: 0,
          sourceProjectIds: [],
          sourceTaskProjectIds: [],
        },
      })
      .thenThrows(DomainError, messages.teamNameRequired));
});

describe('when the team has an owner, an administrator and a member', () => {
  it('lets anyone with the current share code join once', () => {
    spec
      .given(staffed)
      .when({ type: 'JoinByShareCode', data: { shareCode: 'CODE2345', inviterId: MEMBER }, ...as(STRANGER) })
      .then([
        { type: 'MemberJoined', data: { userId: STRANGER, role: 'member', via: 'shareCode', inviterId: MEMBER } },
      ]);
    spec
      .given(staffed)
      .when({ type: 'JoinByShareCode', data: { shareCode: 'CODE2345', inviterId: 0 }, ...as(MEMBER) })
      .then([]);
    spec
      .given([...staffed, { type: 'ShareCodeRefreshed', data: { shareCode: 'NEWCODE9' } }])
      .when({ type: 'JoinByShareCode', data: { shareCode: 'CODE2345', inviterId: 0 }, ...as(STRANGER) })
      .thenThrows(DomainError, messages.shareCodeInvalid);
  });

  it('lets only the owner change roles and transfer ownership', () => {
    spec
      .given(staffed)
      .when({ type: 'ChangeMemberRole', data: { userId: MEMBER, role: 'administrator' }, ...as(ADMIN) })
      .thenThrows(DomainError, messages.noPermission);
    spec
      .given(staffed)
      .when({ type: 'ChangeMemberRole', data: { userId: MEMBER, role: 'administrator' }, ...as(OWNER) })
      .then([{ type: 'MemberRoleChanged', data: { userId: MEMBER, role: 'administrator' } }]);
    spec
      .given(staffed)
      .when({ type: 'TransferOwnership', data: { userId: MEMBER }, ...as(OWNER) })
      .then([{ type: 'OwnershipTransferred', data: { from: OWNER, to: MEMBER } }]);
    spec
      .given(staffed)
      .when({ type: 'TransferOwnership', data: { userId: MEMBER }, ...as(ADMIN) })
      .thenThrows(DomainError, messages.noPermission);
  });

  it('lets administrators remove plain members only', () => {
    spec
      .given(staffed)
      .when({ type: 'RemoveMember', data: { userId: MEMBER }, ...as(ADMIN) })
      .then([{ type: 'MemberRemoved', data: { userId: MEMBER } }]);
    spec
      .given(staffed)
      .when({ type: 'RemoveMember', data: { userId: OWNER }, ...as(ADMIN) })
      .thenThrows(DomainError, messages.noPermission);
    spec
      .given(staffed)
      .when({ type: 'RemoveMember', data: { userId: ADMIN }, ...as(MEMBER) })
      .thenThrows(DomainError, messages.noPermission);
    spec
      .given(staffed)
      .when({ type: 'RemoveMember', data: { userId: ADMIN }, ...as(OWNER) })
      .then([{ type: 'MemberRemoved', data: { userId: ADMIN } }]);
  });

  it('lets members leave but not the owner', () => {
    spec
      .given(staffed)
      .when({ type: 'LeaveTeam', data: {}, ...as(MEMBER) })
      .then([{ type: 'MemberLeft', data: { userId: MEMBER } }]);
    spec
      .given(staffed)
      .when({ type: 'LeaveTeam', data: {}, ...as(OWNER) })
      .thenThrows(DomainError, messages.ownerCannotLeave);
  });

  it('tells a stranger nothing', () => {
    const commands: TeamCommand[] = [
      { type: 'UpdateTeam' as const, data: { name: 'x', poster: 0 }, ...as(STRANGER) },
      { type: 'RefreshShareCode' as const, data: { shareCode: 'Y' }, ...as(STRANGER) },
      { type: 'LeaveTeam' as const, data: {}, ...as(STRANGER) },
      { type: 'InviteByTelephone' as const, data: { telephone: '13800000000', userId: 0 }, ...as(STRANGER) },
    ];
    for (const command of commands) {
      spec.given(staffed).when(command).thenThrows(DomainError, messages.notMember);
    }
  });
});

describe('invitations by telephone', () => {
  const PHONE = '13811112222';
  const INVITEE = 42;
  const invited: TeamEvent[] = [...staffed, { type: 'TelephoneInvited', data: { telephone: PHONE, inviterId: ADMIN } }];

  it('records a pending invitation only, whether or not the number has an account, once', () => {
    for (const userId of [0, INVITEE]) {
      spec
        .given(staffed)
        .when({ type: 'InviteByTelephone', data: { telephone: PHONE, userId }, ...as(ADMIN) })
        .then([{ type: 'TelephoneInvited', data: { telephone: PHONE, inviterId: ADMIN } }]);
      spec
        .given(invited)
        .when({ type: 'InviteByTelephone', data: { telephone: PHONE, userId }, ...as(OWNER) })
        .thenThrows(DomainError, messages.alreadyInvited);
    }
  });

  it('refuses to invite a member, and lets only the owner and administrators invite', () => {
    spec
      .given(staffed)
      .when({ type: 'InviteByTelephone', data: { telephone: PHONE, userId: MEMBER }, ...as(ADMIN) })
      .thenThrows(DomainError, messages.alreadyMember);
    spec
      .given(staffed)
      .when({ type: 'InviteByTelephone', data: { telephone: PHONE, userId: 0 }, ...as(MEMBER) })
      .thenThrows(DomainError, messages.noPermission);
  });

  it('makes the invitee a member when they accept, and accepting again changes nothing', () => {
    const accepted: TeamEvent = {
      type: 'MemberJoined',
      data: { userId: INVITEE, role: 'member', via: 'invitation', inviterId: ADMIN, telephone: PHONE },
    };
    spec
      .given(invited)
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .then([accepted]);
    spec
      .given([...invited, accepted])
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .then([]);
    // the invitation was used: nobody else holding the number later can use it again
    spec
      .given([...invited, accepted])
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(STRANGER) })
      .thenThrows(DomainError, messages.invitationNotFound);
  });

  it('lets nobody accept an invitation that is not pending for their telephone', () => {
    spec
      .given(invited)
      .when({ type: 'AcceptInvitation', data: { telephone: '13900000000' }, ...as(STRANGER) })
      .thenThrows(DomainError, messages.invitationNotFound);
    spec
      .given(staffed)
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .thenThrows(DomainError, messages.invitationNotFound);
    spec
      .given([])
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .thenThrows(DomainError, messages.invitationNotFound);
  });

  it('forgets a declined invitation, which can then be sent again', () => {
    const declined: TeamEvent = { type: 'InvitationDeclined', data: { telephone: PHONE, userId: INVITEE } };
    spec
      .given(invited)
      .when({ type: 'DeclineInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .then([declined]);
    spec
      .given([...invited, declined])
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .thenThrows(DomainError, messages.invitationNotFound);
    spec
      .given([...invited, declined])
      .when({ type: 'DeclineInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .thenThrows(DomainError, messages.invitationNotFound);
    spec
      .given([...invited, declined])
      .when({ type: 'InviteByTelephone', data: { telephone: PHONE, userId: INVITEE }, ...as(OWNER) })
      .then([{ type: 'TelephoneInvited', data: { telephone: PHONE, inviterId: OWNER } }]);
  });

  it('lets the owner and administrators revoke a pending invitation, and nobody else', () => {
    const revoked: TeamEvent = { type: 'InvitationRevoked', data: { telephone: PHONE, revokedBy: OWNER } };
    spec
      .given(invited)
      .when({ type: 'RevokeInvitation', data: { telephone: PHONE }, ...as(OWNER) })
      .then([revoked]);
    spec
      .given(invited)
      .when({ type: 'RevokeInvitation', data: { telephone: PHONE }, ...as(MEMBER) })
      .thenThrows(DomainError, messages.noPermission);
    spec
      .given(invited)
      .when({ type: 'RevokeInvitation', data: { telephone: PHONE }, ...as(STRANGER) })
      .thenThrows(DomainError, messages.notMember);
    spec
      .given([...invited, revoked])
      .when({ type: 'AcceptInvitation', data: { telephone: PHONE }, ...as(INVITEE) })
      .thenThrows(DomainError, messages.invitationNotFound);
  });

  it('still replays the logs of members who joined at once by telephone before invitations needed consent', () => {
    const joinedAtOnce: TeamEvent = {
      type: 'MemberJoined',
      data: { userId: INVITEE, role: 'member', via: 'telephone', inviterId: ADMIN, telephone: PHONE },
    };
    spec
      .given([...staffed, joinedAtOnce])
      .when({ type: 'RemoveMember', data: { userId: INVITEE }, ...as(ADMIN) })
      .then([{ type: 'MemberRemoved', data: { userId: INVITEE } }]);
    const acceptedOnRegistration: TeamEvent = {
      type: 'MemberJoined',
      data: { userId: INVITEE, role: 'member', via: 'invitation', inviterId: ADMIN, telephone: PHONE },
    };
    spec
      .given([...invited, acceptedOnRegistration])
      .when({ type: 'InviteByTelephone', data: { telephone: PHONE, userId: 0 }, ...as(ADMIN) })
      .then([{ type: 'TelephoneInvited', data: { telephone: PHONE, inviterId: ADMIN } }]);
  });
});
