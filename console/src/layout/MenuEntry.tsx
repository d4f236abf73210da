import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemIcon, ListItemText, MenuItem } from '@mui/material';
import { useState } from 'react';
import { Menu, useTranslate } from 'react-admin';
import { useLocation } from 'react-router-dom';
import { useTeamId } from '../session/session';
import type { MenuNode } from './menuModel';

/** Appends the selected team, as the menu links of SPEC §2.4 do (a location object keeps the active match). */
const withTeam = (pathname: string, teamId: number | null) => ({
  pathname,
  search: teamId ? `?${new URLSearchParams({ teamId: String(teamId) })}` : '',
});

export const MenuEntry = ({ node }: { node: MenuNode }) => {
  const translate = useTranslate();
  const teamId = useTeamId();
  const Icon = node.icon;
  if (node.children) return <SubMenu node={node} />;
  if (node.external) {
    return (
      <MenuItem component="a" href={node.to} target="_blank" rel="noopener noreferrer">
        {translate(node.title)}
      </MenuItem>
    );
  }
  return (
    <Menu.Item
      to={withTeam(node.to, teamId)}
      // the full title when a long (English) one is cut short in the 210px sidebar
      title={translate(node.title)}
      primaryText={translate(node.title)}
      leftIcon={Icon ? <Icon /> : undefined}
    />
  );
};

/** A titled route with several visible children: a collapsible group, open while one of them is shown. */
const SubMenu = ({ node }: { node: MenuNode }) => {
  const translate = useTranslate();
  const { pathname } = useLocation();
  const [open, setOpen] = useState(() => pathname.startsWith(node.key));
  const Icon = node.icon;
  return (
    <>
      <MenuItem onClick={() => setOpen(!open)} aria-expanded={open} sx={{ color: 'text.secondary' }}>
        {Icon && (
          <ListItemIcon sx={{ minWidth: 40 }}>
            <Icon />
          </ListItemIcon>
        )}
        {/* a long (English) title ends in an ellipsis before the arrow instead of running under it */}
        <ListItemText
          primary={translate(node.title)}
          title={translate(node.title)}
          sx={{ minWidth: 0 }}
          slotProps={{ primary: { noWrap: true } }}
        />
        {open ? <ExpandLessIcon fontSize="small" /> : <ExpandMoreIcon fontSize="small" />}
      </MenuItem>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List component="div" disablePadding sx={{ '& .MuiMenuItem-root': { pl: 4 } }}>
          {node.children?.map((child) => (
            <MenuEntry key={child.key} node={child} />
          ))}
        </List>
      </Collapse>
    </>
  );
};
