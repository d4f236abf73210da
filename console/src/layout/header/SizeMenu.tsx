import FormatSizeIcon from '@mui/icons-material/FormatSize';
import { IconButton, Menu, MenuItem, Tooltip } from '@mui/material';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { SIZES, useAppSize } from '../../settings/settings';

/** SPEC §2.4 size picker: Default, Medium, Small, Mini; the current size is not offered again. */
export const SizeMenu = () => {
  const translate = useTranslate();
  const notify = useNotify();
  const [size, setSize] = useAppSize();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Tooltip title={translate('app.size.title')}>
        <IconButton
          color="inherit"
          onClick={(event) => setAnchor(event.currentTarget)}
          aria-label={translate('app.size.title')}
          aria-haspopup="menu"
        >
          <FormatSizeIcon />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {SIZES.map((option) => (
          <MenuItem
            key={option}
            selected={option === size}
            disabled={option === size}
            onClick={() => {
              setAnchor(null);
              setSize(option);
              notify('app.size.switched', { type: 'success' });
            }}
          >
            {translate(`app.size.${option}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
