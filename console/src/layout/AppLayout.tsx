import { Box } from '@mui/material';
import { Suspense } from 'react';
import { Layout, type LayoutProps } from 'react-admin';
import { RouteGuard } from '../auth/RouteGuard';
import { LoggedError } from '../errorLog/LoggedError';
import { FrameBox } from '../frames/FrameBox';
import { FramesProvider } from '../frames/FramesProvider';
import { ScreenLoading } from '../loading/ScreenLoading';
import { useDocumentTitle } from '../navigation/useDocumentTitle';
import { useSetting } from '../settings/settings';
import { TeamDialogsProvider } from '../teams/TeamDialogs';
import { AppBar } from './AppBar';
import { AppMenu } from './AppMenu';
import { AppSidebar } from './AppSidebar';
import { APP_BAR_HEIGHT } from './dimensions';
import { MobileMenuProvider } from './MobileMenu';
import { NavigationProgress, ProgressBar } from './NavigationProgress';
import { DESKTOP } from './responsive';
import { TagsView } from './TagsView';

/** With Fixed Header on, the tags view stays under the header too (on desktop, where the header is 48px). */
const FixedTags = () => {
  const [fixedHeader] = useSetting('fixedHeader');
  return (
    <Box sx={fixedHeader ? { [DESKTOP]: { position: 'sticky', top: APP_BAR_HEIGHT, zIndex: 3 } } : undefined}>
      <TagsView />
    </Box>
  );
};

/** SPEC §2.4: navbar, 210px sidebar, tags view of visited views, main area (with embedded frames); team dialogs. */
const AppLayout = ({ children }: LayoutProps) => {
  useDocumentTitle();
  const [tagsView] = useSetting('tagsView');
  return (
    <MobileMenuProvider>
      <TeamDialogsProvider>
        <NavigationProgress />
        <FramesProvider>
          <Layout appBar={AppBar} menu={AppMenu} sidebar={AppSidebar} error={LoggedError} appBarAlwaysOn>
            {tagsView && <FixedTags />}
            <Suspense
              fallback={
                <>
                  <ProgressBar />
                  <ScreenLoading />
                </>
              }
            >
              <RouteGuard>{children}</RouteGuard>
            </Suspense>
            <FrameBox />
          </Layout>
        </FramesProvider>
      </TeamDialogsProvider>
    </MobileMenuProvider>
  );
};

export default AppLayout;
