import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import { IconButton, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { SettingsDrawer } from './SettingsDrawer';

export const SettingsButton = () => {
  const translate = useTranslate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={translate('app.settings.title')}>
        <IconButton color="inherit" onClick={() => setOpen(true)} aria-label={translate('app.settings.title')}>
          <SettingsOutlinedIcon />
        </IconButton>
      </Tooltip>
      <SettingsDrawer open={open} onClose={() => setOpen(false)} />
    </>
  );
};
