export { TabSection, SubHeading, SubSection, Lead, Panel, todayRing, type TabSectionProps } from './TabSection';
