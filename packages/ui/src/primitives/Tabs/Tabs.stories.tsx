import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { Tab, TabList, TabPanel, Tabs } from './Tabs';

function TabsDemo() {
  return (
    <div style={{ padding: '2rem' }}>
      <Tabs defaultValue="reflection">
        <TabList aria-label="Dashboard sections">
          <Tab value="reflection">Today&apos;s Reflection</Tab>
          <Tab value="achievements">Achievements</Tab>
          <Tab value="settings">Settings</Tab>
        </TabList>
        <TabPanel value="reflection">Pause before you answer.</TabPanel>
        <TabPanel value="achievements">Your achievements appear here.</TabPanel>
        <TabPanel value="settings">Reminder settings.</TabPanel>
      </Tabs>
    </div>
  );
}

const meta = { title: 'Primitives/Tabs', component: TabsDemo, tags: ['autodocs'] } satisfies Meta<typeof TabsDemo>;

export default meta;
type Story = StoryObj<typeof meta>;

export const ArrowKeys: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Pause before you answer.');
    canvas.getByRole('tab', { name: "Today's Reflection" }).focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Achievements' })).toHaveAttribute('aria-selected', 'true');
    await expect(canvas.getByRole('tabpanel')).toHaveTextContent('Your achievements appear here.');
  },
};
