export { TabSection, SubHeading, Panel, type TabSectionProps } from './TabSection';
