/** Radix Tabs styled for the site: arrow keys move between tabs, the panel follows. */
import * as RadixTabs from '@radix-ui/react-tabs';
import styled from 'styled-components';

export const Tabs = RadixTabs.Root;

export const TabList = styled(RadixTabs.List)`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space.xs};
  border-bottom: 2px solid ${({ theme }) => theme.colors.border};
  margin-bottom: ${({ theme }) => theme.space.lg};
`;

export const Tab = styled(RadixTabs.Trigger)`
  border: 0;
  background: transparent;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  font-weight: 600;
  color: ${({ theme }) => theme.colors.inkSoft};
  border-bottom: 3px solid transparent;
  margin-bottom: -2px;
  cursor: pointer;
  &[data-state='active'] {
    color: ${({ theme }) => theme.colors.brandDark};
    border-bottom-color: ${({ theme }) => theme.colors.brand};
  }
`;

export const TabPanel = styled(RadixTabs.Content)`
  outline: none;
`;
