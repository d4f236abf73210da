import { useEffect } from 'react';
import { useTranslate } from 'react-admin';
import { useCurrentRoute } from './useCurrentRoute';

/** SPEC §2.1: the page title is the route title. */
export function useDocumentTitle(): void {
  const translate = useTranslate();
  const current = useCurrentRoute();
  const title = current ? current.route.title : 'app.route.notFound';
  const appName = translate('app.name');
  useEffect(() => {
    document.title = title ? `${translate(title)} - ${appName}` : appName;
  }, [title, translate, appName]);
}
