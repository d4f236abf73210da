import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Button, Collapse, Table, TableBody, TableCell, TableHead, TableRow } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { knowledgeApi, knowledgeKeys } from '../knowledgeApi';
import { isValidProjectId } from '../transport';

/** The project's business response codes (settings), at hand while a response and its examples are written. */
export const ResponseCodesHint = ({ projectId }: { projectId: number }) => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  const { data: codes = [] } = useQuery({
    queryKey: knowledgeKeys.responseCodes(projectId),
    queryFn: () => knowledgeApi.responseCodes(projectId),
    enabled: isValidProjectId(projectId),
    staleTime: 60_000,
    retry: false,
  });
  if (codes.length === 0) return null;
  return (
    <Box sx={{ mt: 2 }}>
      <Button
        size="small"
        onClick={() => setOpen(!open)}
        endIcon={
          <ExpandMoreIcon sx={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform .2s' }} />
        }
      >
        {translate('app.knowledge.editor.responses.codes', { count: codes.length })}
      </Button>
      <Collapse in={open}>
        <Table size="small" sx={{ mt: 1 }} data-testid="response-codes">
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 140 }}>{translate('app.knowledge.editor.responses.code')}</TableCell>
              <TableCell>{translate('app.knowledge.editor.responses.meaning')}</TableCell>
              <TableCell>{translate('app.knowledge.editor.responses.solution')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {codes.map((code) => (
              <TableRow key={code.responseCodeId}>
                <TableCell sx={{ fontFamily: 'monospace' }}>{code.code}</TableCell>
                <TableCell>{code.meaning}</TableCell>
                <TableCell sx={{ color: 'text.secondary' }}>{code.solution}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Collapse>
    </Box>
  );
};
