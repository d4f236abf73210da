import { Alert, Box, Button, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';

/**
 * Above an editor: the server's refusal of the last save (a stale base version names who saved since) with a way
 * to start again from what it has, and what the rules found before sending.
 */
export function SaveAlerts({
  saveError,
  onReload,
  problems,
  onCloseProblems,
  testId,
}: {
  saveError: string;
  /** Absent for something never saved. */
  onReload?: () => void;
  /** Shown once a save was tried. */
  problems: { key: string; args?: Record<string, string | number> }[];
  onCloseProblems(): void;
  testId: string;
}) {
  const translate = useTranslate();
  const t = (key: string, options?: object) => translate(`app.knowledge.tests.${key}`, options);
  return (
    <>
      {saveError && (
        <Alert
          severity="error"
          sx={{ mb: 1.5 }}
          data-testid={`${testId}-save-error`}
          action={
            onReload && (
              <Button color="inherit" size="small" onClick={onReload}>
                {t('editor.reload')}
              </Button>
            )
          }
        >
          {t('editor.stale', { message: saveError })}
        </Alert>
      )}
      {problems.length > 0 && (
        <Alert severity="error" sx={{ mb: 1.5 }} onClose={onCloseProblems} data-testid={`${testId}-problems`}>
          <Typography variant="body2" fontWeight={600}>
            {t('editor.problems')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((p, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two steps may have the same problem
              <li key={index}>{t(`problems.${p.key}`, p.args)}</li>
            ))}
          </Box>
        </Alert>
      )}
    </>
  );
}
