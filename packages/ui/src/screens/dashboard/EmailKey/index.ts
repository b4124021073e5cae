export { FollowEmailKey, type FollowEmailKeyProps } from './FollowEmailKey';
export { OpenDashboard, type OpenDashboardProps } from './OpenDashboard';
export { SwitchMember, type SwitchMemberProps } from './SwitchMember';
export { useEmailKey, type EmailKey } from './useEmailKey';
