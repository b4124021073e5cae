/**
 * For the admin stories only: the admin routes, so a story that signs in, logs out or is sent away
 * by the guard lands on the real neighbouring screen. Stories mount it with `adminStoryParameters`
 * (a splat route), so the paths below match from the site's root (storyData.ts's
 * `signedInAdminPage` does it for a page shown to a signed-in admin).
 */
import { Route, Routes } from 'react-router-dom';
import { paths } from '../../config';
import { ActivityPage } from './ActivityPage';
import { AdminDashboardPage } from './AdminDashboardPage';
import { AdminLoginPage } from './AdminLoginPage';
import { ParticipantsPage } from './ParticipantsPage';
import { StoriesPage } from './StoriesPage';

export function AdminRoutes() {
  return (
    <Routes>
      <Route path={paths.adminLogin} element={<AdminLoginPage />} />
      <Route path={paths.admin} element={<AdminDashboardPage />} />
      <Route path={paths.adminParticipants} element={<ParticipantsPage />} />
      <Route path={paths.adminStories} element={<StoriesPage />} />
      <Route path={paths.adminActivity} element={<ActivityPage />} />
    </Routes>
  );
}

export const adminStoryParameters = (route: string) => ({ route, routePath: '/*' });
