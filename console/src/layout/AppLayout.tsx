import { Layout, type LayoutProps } from 'react-admin';
import { RouteGuard } from '../auth/RouteGuard';
import { useDocumentTitle } from '../routes/useDocumentTitle';
import { TeamDialogsProvider } from '../teams/TeamDialogs';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { MobileMenuProvider } from './MobileMenu';
import { TagsView } from './TagsView';

/** SPEC §2.4: navbar, 210px sidebar, tags view of visited views, main area; the team guide and team check. */
const AppLayout = ({ children }: LayoutProps) => {
  useDocumentTitle();
  return (
    <MobileMenuProvider>
      <TeamDialogsProvider>
        <Layout appBar={AppBar} menu={AppMenu} sidebar={AppSidebar} appBarAlwaysOn>
          <TagsView />
          <RouteGuard>{children}</RouteGuard>
        </Layout>
      </TeamDialogsProvider>
    </MobileMenuProvider>
  );
};

export default AppLayout;
