import { Box, Chip, CircularProgress, Tooltip } from '@mui/material';
import type { RunStatus } from '@pmbok/runner';
import { useTranslate } from 'react-admin';

type Color = 'success' | 'error' | 'warning' | 'default' | 'info';

export const STATUS_COLORS: Record<RunStatus, Color> = {
  running: 'info',
  passed: 'success',
  failed: 'error',
  error: 'warning',
  interrupted: 'default',
  cancelled: 'default',
};

const DOT_COLORS: Record<RunStatus, string> = {
  running: 'info.main',
  passed: 'success.main',
  failed: 'error.main',
  error: 'warning.main',
  interrupted: 'grey.500',
  cancelled: 'grey.500',
};

/** A run's status as a chip: 通过, 失败, 出错, 已中断, 已取消, 运行中 (spinning). */
export function StatusChip({ status, size = 'small' }: { status: RunStatus; size?: 'small' | 'medium' }) {
  const translate = useTranslate();
  return (
    <Chip
      size={size}
      color={STATUS_COLORS[status]}
      variant={status === 'passed' || status === 'failed' ? 'filled' : 'outlined'}
      icon={
        status === 'running' ? <CircularProgress size={12} color="inherit" sx={{ ml: '6px !important' }} /> : undefined
      }
      label={translate(`app.knowledge.tests.status.${status}`)}
      data-status={status}
      sx={{ fontWeight: 600 }}
    />
  );
}

/** The last run of a case or scenario as a dot; hollow when it never ran. */
export function StatusDot({ status }: { status: RunStatus | null }) {
  const translate = useTranslate();
  return (
    <Tooltip title={translate(status ? `app.knowledge.tests.status.${status}` : 'app.knowledge.tests.never_run')}>
      <Box
        component="span"
        data-status={status ?? 'none'}
        aria-label={translate(status ? `app.knowledge.tests.status.${status}` : 'app.knowledge.tests.never_run')}
        sx={{
          flex: 'none',
          width: 8,
          height: 8,
          borderRadius: '50%',
          bgcolor: status ? DOT_COLORS[status] : 'transparent',
          border: status ? 0 : 1.5,
          borderColor: 'grey.400',
        }}
      />
    </Tooltip>
  );
}
