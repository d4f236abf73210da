import { Box } from '@mui/material';
import { useState } from 'react';
import { Button, Confirm, type RaRecord, useListContext, useNotify, useRecordContext } from 'react-admin';
import type { ListActions, RowButton } from './listOptions';

/** SPEC §2.5 per-row buttons; a button may ask first, and a failing promise shows its message. */
export const RowButtons = ({ buttons, actions }: { buttons: RowButton[]; actions: ListActions }) => {
  const record = useRecordContext<RaRecord>();
  const { data } = useListContext();
  const notify = useNotify();
  const [asking, setAsking] = useState<RowButton | null>(null);
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const index = data?.findIndex((row) => row.id === record.id) ?? -1;

  const run = async (button: RowButton) => {
    setBusy(true);
    try {
      await button.function(record, index, actions);
      setAsking(null);
      actions.refresh();
    } catch (error) {
      setAsking(null);
      notify((error as Error).message || 'ra.notification.http_error', { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const question = asking?.confirm?.(record);

  return (
    <Box sx={{ display: 'inline-flex', gap: 0.5, flexWrap: 'wrap', justifyContent: 'center' }}>
      {buttons
        .filter((button) => button.visible?.(record) ?? true)
        .map((button) => (
          <Button
            key={button.name}
            label={button.name}
            color={button.color ?? 'primary'}
            disabled={busy}
            onClick={(event) => {
              event.stopPropagation();
              if (button.confirm) setAsking(button);
              else void run(button);
            }}
          />
        ))}
      {asking && question && (
        <Confirm
          isOpen
          loading={busy}
          title={question.title}
          content={question.content}
          contentTranslateOptions={question.translateOptions}
          titleTranslateOptions={question.translateOptions}
          confirmColor="warning"
          onConfirm={() => run(asking)}
          onClose={() => setAsking(null)}
        />
      )}
    </Box>
  );
};
