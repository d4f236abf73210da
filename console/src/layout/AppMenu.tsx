import { Menu } from 'react-admin';
import { useRouteTable } from '../navigation/RouteTableProvider';
import { useSessionUser } from '../session/session';
import { MenuEntry } from './MenuEntry';
import { buildMenu } from './menuModel';

const ACTIVE = '#1890ff';

/** The vertical menu of the routes the user may open. */
export const AppMenu = () => {
  const user = useSessionUser();
  const { table } = useRouteTable();
  const nodes = buildMenu(table, user?.roles ?? []);
  return (
    <Menu
      sx={{
        mt: 1,
        '& .RaMenuItemLink-active': {
          color: ACTIVE,
          bgcolor: 'rgba(24, 144, 255, 0.08)',
          boxShadow: `inset -3px 0 0 ${ACTIVE}`,
          '& .RaMenuItemLink-icon': { color: ACTIVE },
        },
      }}
    >
      {nodes.map((node) => (
        <MenuEntry key={node.key} node={node} />
      ))}
    </Menu>
  );
};
