import { Menu, MenuItem } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { VisitedView } from '../navigation/useVisitedViews';

interface TagsContextMenuProps {
  state: { view: VisitedView; top: number; left: number } | null;
  onClose: () => void;
  actions: {
    refresh: (view: VisitedView) => void;
    close: (view: VisitedView) => void;
    closeOthers: (view: VisitedView) => void;
    closeAll: () => void;
  };
}

/** Right-click menu of a tag (SPEC §9: 105px wide). */
export const TagsContextMenu = ({ state, onClose, actions }: TagsContextMenuProps) => {
  const translate = useTranslate();
  const run = (action: () => void) => () => {
    onClose();
    action();
  };
  const view = state?.view;
  return (
    <Menu
      open={Boolean(state)}
      onClose={onClose}
      anchorReference="anchorPosition"
      anchorPosition={state ? { top: state.top, left: state.left } : undefined}
      slotProps={{ paper: { sx: { width: 105 } }, list: { dense: true } }}
    >
      {view && [
        <MenuItem key="refresh" onClick={run(() => actions.refresh(view))}>
          {translate('app.tags.refresh')}
        </MenuItem>,
        !view.affix && (
          <MenuItem key="close" onClick={run(() => actions.close(view))}>
            {translate('app.tags.close')}
          </MenuItem>
        ),
        <MenuItem key="others" onClick={run(() => actions.closeOthers(view))}>
          {translate('app.tags.close_others')}
        </MenuItem>,
        <MenuItem key="all" onClick={run(actions.closeAll)}>
          {translate('app.tags.close_all')}
        </MenuItem>,
      ]}
    </Menu>
  );
};
