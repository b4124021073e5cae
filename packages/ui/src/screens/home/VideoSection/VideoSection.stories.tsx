import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect } from 'storybook/test';
import { VideoSection } from './VideoSection';

const meta = {
  title: 'Home/VideoSection',
  component: VideoSection,
  args: {
    title: 'See the Method',
    description: 'Three minutes, three words. Watch how one pause can turn a shouting match into a conversation.',
  },
} satisfies Meta<typeof VideoSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** No film yet: the thumbnail with 'Video Coming Soon'. */
export const ComingSoon: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'See the Method' })).toBeInTheDocument();
    await expect(canvas.getByText('Video Coming Soon')).toBeVisible();
    await expect(canvas.queryByTitle('See the Method')).not.toBeInTheDocument();
  },
};

/** With a URL the film is embedded in a titled frame (a local file stands in for the video host here). */
export const WithVideo: Story = {
  args: { videoUrl: '/assets/home/video-thumbnail.svg' },
  play: async ({ canvas }) => {
    await expect(canvas.getByTitle('See the Method')).toHaveAttribute('src', '/assets/home/video-thumbnail.svg');
    await expect(canvas.queryByText('Video Coming Soon')).not.toBeInTheDocument();
  },
};

/** Without a title the section uses the default 'Pause. Reflect. Retry.'. */
export const DefaultTitle: Story = {
  args: { title: undefined, description: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { name: 'Pause. Reflect. Retry.' })).toBeInTheDocument();
  },
};
