/**
 * Opens another tab of the member's dashboard from inside one (Today's Reflection offers the others
 * once today's entry is saved). Null outside the dashboard: a tab shown alone offers nothing.
 */
import { createContext, useContext } from 'react';
import type { DashboardTab } from './MemberDashboard';

export const OpenTabContext = createContext<((tab: DashboardTab) => void) | null>(null);

export const useOpenTab = () => useContext(OpenTabContext);
