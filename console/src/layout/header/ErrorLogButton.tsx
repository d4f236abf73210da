import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import { Badge, IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { useErrorLog } from '../../errorLog/errorLogStore';

/** Shown once the error log holds something: its count, leading to the error-log screen. */
export const ErrorLogButton = () => {
  const translate = useTranslate();
  const count = useErrorLog().length;
  if (count === 0) return null;
  const label = translate('app.error_log.button', { smart_count: count });
  return (
    <Tooltip title={label}>
      <IconButton
        color="inherit"
        component={Link}
        to="/errorLog/index"
        aria-label={label}
        data-testid="error-log-button"
      >
        <Badge badgeContent={count} color="error" max={99}>
          <BugReportOutlinedIcon />
        </Badge>
      </IconButton>
    </Tooltip>
  );
};
