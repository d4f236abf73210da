import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import {
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Confirm, useTranslate } from 'react-admin';
import { knowledgeApi, type ResponseCode, type ResponseCodeFields } from '../knowledgeApi';
import type { TabProps } from './ProjectSettingsPage';
import { useProjectChange } from './useProjectChange';

const LIMITS: Record<keyof ResponseCodeFields, number> = { code: 20, meaning: 200, solution: 500 };

/** The project's response-code table: code, meaning, solution; documents refer to these. */
export const ResponseCodesTab = ({ projectId, settings, readOnly }: TabProps) => {
  const translate = useTranslate();
  const { busy, run } = useProjectChange(projectId);
  // undefined: no dialog; null: a new code
  const [editing, setEditing] = useState<ResponseCode | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<ResponseCode | null>(null);
  const codes = settings.responseCodes;

  const save = async (fields: ResponseCodeFields) => {
    const target = editing;
    const saved = await run(
      () =>
        target
          ? knowledgeApi.updateResponseCode(projectId, target.responseCodeId, fields)
          : knowledgeApi.addResponseCode(projectId, fields),
      'app.knowledge.response_codes.saved',
    );
    if (saved) setEditing(undefined);
  };

  return (
    <Box data-testid="response-codes-tab">
      {!readOnly && (
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mb: 1.5 }}>
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setEditing(null)}>
            {translate('app.knowledge.response_codes.add')}
          </Button>
        </Box>
      )}
      <Table size="small" sx={{ '& td, & th': { borderColor: 'divider' } }}>
        <TableHead>
          <TableRow sx={{ bgcolor: 'action.hover' }}>
            <TableCell sx={{ width: 120 }}>{translate('app.knowledge.response_codes.code')}</TableCell>
            <TableCell sx={{ width: '35%' }}>{translate('app.knowledge.response_codes.meaning')}</TableCell>
            <TableCell>{translate('app.knowledge.response_codes.solution')}</TableCell>
            {!readOnly && <TableCell align="right" sx={{ width: 100 }} />}
          </TableRow>
        </TableHead>
        <TableBody>
          {codes.map((code) => (
            <TableRow key={code.responseCodeId} hover data-testid="response-code" data-code={code.code}>
              <TableCell sx={{ fontFamily: 'monospace', fontWeight: 600 }}>{code.code}</TableCell>
              <TableCell>{code.meaning}</TableCell>
              <TableCell sx={{ color: 'text.secondary', whiteSpace: 'pre-wrap' }}>{code.solution}</TableCell>
              {!readOnly && (
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <Tooltip title={translate('ra.action.edit')}>
                    <IconButton size="small" aria-label={translate('ra.action.edit')} onClick={() => setEditing(code)}>
                      <EditOutlinedIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title={translate('ra.action.delete')}>
                    <IconButton
                      size="small"
                      aria-label={translate('ra.action.delete')}
                      onClick={() => setDeleting(code)}
                    >
                      <DeleteOutlineIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {codes.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {translate('app.knowledge.response_codes.empty')}
        </Typography>
      )}
      {editing !== undefined && (
        <CodeDialog code={editing} busy={busy} onSave={save} onClose={() => setEditing(undefined)} />
      )}
      <Confirm
        isOpen={Boolean(deleting)}
        loading={busy}
        title="app.knowledge.response_codes.delete_title"
        content="app.knowledge.response_codes.delete_content"
        contentTranslateOptions={{ code: deleting?.code ?? '' }}
        confirmColor="warning"
        onConfirm={async () => {
          if (deleting)
            await run(
              () => knowledgeApi.removeResponseCode(projectId, deleting.responseCodeId),
              'app.knowledge.response_codes.deleted',
            );
          setDeleting(null);
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
};

interface CodeDialogProps {
  code: ResponseCode | null;
  busy: boolean;
  onSave: (fields: ResponseCodeFields) => void;
  onClose: () => void;
}

const CodeDialog = ({ code, busy, onSave, onClose }: CodeDialogProps) => {
  const translate = useTranslate();
  const [fields, setFields] = useState<ResponseCodeFields>({
    code: code?.code ?? '',
    meaning: code?.meaning ?? '',
    solution: code?.solution ?? '',
  });
  const trimmed = { code: fields.code.trim(), meaning: fields.meaning.trim(), solution: fields.solution.trim() };

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="response-code-dialog">
      <DialogTitle id="response-code-dialog">
        {translate(code ? 'app.knowledge.response_codes.edit' : 'app.knowledge.response_codes.add')}
      </DialogTitle>
      <DialogContent sx={{ display: 'grid', gap: 2, pt: '8px !important' }}>
        {(Object.keys(LIMITS) as (keyof ResponseCodeFields)[]).map((key) => (
          <TextField
            key={key}
            name={key}
            label={translate(`app.knowledge.response_codes.${key}`)}
            value={fields[key]}
            onChange={(event) => setFields({ ...fields, [key]: event.target.value })}
            required={key === 'code'}
            autoFocus={key === 'code'}
            multiline={key === 'solution'}
            minRows={key === 'solution' ? 3 : undefined}
            slotProps={{ htmlInput: { maxLength: LIMITS[key] } }}
          />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('ra.action.cancel')}</Button>
        <Button variant="contained" disabled={busy || !trimmed.code} onClick={() => onSave(trimmed)}>
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
