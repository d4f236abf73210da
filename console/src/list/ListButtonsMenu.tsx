import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import { Button, Menu, MenuItem } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { ListActions, ListButton } from './listOptions';

/** SPEC §2.5: the operation column's header, or a dropdown of the list-level buttons when there are any. */
export const OperationHeader = ({ buttons, actions }: { buttons: ListButton[]; actions: ListActions }) => {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!buttons.length) return <>{translate('app.list.operation')}</>;
  return (
    <>
      <Button
        size="small"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        data-testid="list-buttons"
      >
        {translate('app.list.operation')}
      </Button>
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {buttons.map((button) => (
          <MenuItem
            key={button.name}
            onClick={() => {
              setAnchor(null);
              button.function(actions);
            }}
          >
            {translate(button.name)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};
