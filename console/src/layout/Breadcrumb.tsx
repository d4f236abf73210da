import { Breadcrumbs, Link, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { useCurrentRoute } from '../navigation/useCurrentRoute';
import { type Crumb, dedupeCrumbs } from './breadcrumbModel';

/** Always starts at Dashboard; the last item is the current page and not a link. */
export const Breadcrumb = () => {
  const translate = useTranslate();
  const current = useCurrentRoute();
  const all: Crumb[] = [{ key: 'dashboard', title: translate('ra.page.dashboard'), to: '/dashboard' }];
  if (!current) all.push({ key: '404', title: translate('app.route.notFound'), to: '' });
  for (const { route, fullPath } of current ? [...current.parents, current] : []) {
    if (route.title) all.push({ key: fullPath, title: translate(route.title), to: route.redirect ?? fullPath });
  }
  const crumbs = dedupeCrumbs(all);
  const last = crumbs.length - 1;
  return (
    <Breadcrumbs aria-label="breadcrumb" sx={{ fontSize: 14 }} data-testid="breadcrumb">
      {crumbs.map((crumb, index) =>
        index === last ? (
          <Typography key={crumb.key} color="text.secondary" sx={{ fontSize: 'inherit' }}>
            {crumb.title}
          </Typography>
        ) : (
          <Link key={crumb.key} component={RouterLink} to={crumb.to} underline="hover" color="inherit">
            {crumb.title}
          </Link>
        ),
      )}
    </Breadcrumbs>
  );
};
