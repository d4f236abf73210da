import PersonRemoveIcon from '@mui/icons-material/PersonRemove';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Button, Confirm, useDelete, useNotify, useRecordContext } from 'react-admin';
import { useSessionUser, useTeamId } from '../auth/session';
import { memberName, type TeamMember, type TeamRole, teamKeys } from '../teams/teamApi';

type MemberRecord = TeamMember & { id: number };

/** The server's rule, mirrored to hide pointless buttons: the owner removes anyone else, administrators members. */
const mayRemove = (myRole: TeamRole | undefined, target: TeamRole) =>
  target !== 'owner' && (myRole === 'owner' || (myRole === 'administrator' && target === 'member'));

/**
 * Removes a member after a confirmation; a refusal shows the server's message. The side effects are the hook's own
 * options: the removed row (and this button) unmounts before call-time callbacks would run.
 */
export const RemoveMemberButton = ({ myRole }: { myRole?: TeamRole }) => {
  const record = useRecordContext<MemberRecord>();
  const user = useSessionUser();
  const teamId = useTeamId();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const [remove, { isPending }] = useDelete<MemberRecord>('teamUsers', undefined, {
    mutationMode: 'pessimistic',
    onSuccess: () => {
      notify('app.team_user.removed', { type: 'success' });
      queryClient.invalidateQueries({ queryKey: teamKeys.all(teamId) });
    },
    onError: (error) => {
      setConfirming(false);
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    },
  });
  if (!record || record.userId === Number(user?.userId) || !mayRemove(myRole, record.role)) return null;

  return (
    <>
      <Button label="app.team_user.remove" color="error" onClick={() => setConfirming(true)}>
        <PersonRemoveIcon />
      </Button>
      <Confirm
        isOpen={confirming}
        loading={isPending}
        title="app.team_user.remove_title"
        content="app.team_user.remove_content"
        contentTranslateOptions={{ name: memberName(record) }}
        confirmColor="warning"
        onConfirm={() => remove('teamUsers', { id: record.id, previousData: record })}
        onClose={() => setConfirming(false)}
      />
    </>
  );
};
