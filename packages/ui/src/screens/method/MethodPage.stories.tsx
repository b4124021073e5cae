import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, type Mock } from 'storybook/test';
import { PRACTICE_GUIDE_FILENAME } from '../../content';
import { paths } from '../../config';
import { MethodPage } from './MethodPage';

const meta = {
  title: 'Pages/Method',
  component: MethodPage,
  parameters: { route: paths.method },
} satisfies Meta<typeof MethodPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Pause. Reflect. Retry.' })).toBeInTheDocument();
    for (const [index, step] of ['Pause', 'Reflect', 'Retry'].entries()) {
      await expect(canvas.getByRole('heading', { level: 3, name: `Step ${index + 1}: ${step}` })).toBeInTheDocument();
    }
    await expect(canvas.getAllByRole('heading', { name: 'Practice tips' })).toHaveLength(3);
    await expect(canvas.getByText(/count to three before you say or send anything/)).toBeInTheDocument();
    await expect(canvas.getByRole('heading', { level: 2, name: 'The message Dana almost sent' })).toBeInTheDocument();
    const diagram = canvas.getByRole('link', { name: 'Download the Diagram' });
    await expect(diagram).toHaveAttribute('href', paths.twoPathsDiagram);
    await expect(diagram).toHaveAttribute('target', '_blank');
    await expect(diagram).toHaveAttribute('rel', 'noopener');
    await expect(canvas.getByRole('link', { name: 'Join the 90-Day Experiment' })).toHaveAttribute(
      'href',
      paths.experiment,
    );
  },
};

let objectUrls: Mock<(blob: Blob | MediaSource) => string>;

/** The guide is a text file made right here (Blob + object URL, no request); it says count to 5. */
export const PracticeGuideDownload: Story = {
  beforeEach: () => {
    const original = URL.createObjectURL;
    objectUrls = fn((blob: Blob | MediaSource) => original(blob));
    URL.createObjectURL = objectUrls;
    return () => {
      URL.createObjectURL = original;
    };
  },
  play: async ({ canvas, canvasElement, userEvent }) => {
    // Keep the test browser on the page: the link's download is recorded, not performed.
    const saved: string[] = [];
    const stopDownload = (event: MouseEvent) => {
      if (event.target instanceof HTMLAnchorElement && event.target.download) {
        saved.push(event.target.download);
        event.preventDefault();
      }
    };
    canvasElement.ownerDocument.addEventListener('click', stopDownload, true);
    try {
      await userEvent.click(canvas.getByRole('button', { name: 'Download the Practice Guide' }));
    } finally {
      canvasElement.ownerDocument.removeEventListener('click', stopDownload, true);
    }
    await expect(saved).toEqual([PRACTICE_GUIDE_FILENAME]);
    await expect(objectUrls).toHaveBeenCalledTimes(1);
    const blob = objectUrls.mock.calls[0]?.[0];
    if (!(blob instanceof Blob)) throw new Error('the guide was not a Blob');
    await expect(await blob.text()).toContain('count to 5');
  },
};

/** Steps stack in one column. */
export const Mobile: Story = {
  parameters: { visual: { disable: true } },
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Pause. Reflect. Retry.' })).toBeInTheDocument();
    const step = (name: string) =>
      canvas.getByRole('heading', { level: 3, name }).closest('li')?.getBoundingClientRect();
    await expect(step('Step 2: Reflect')?.top).toBeGreaterThanOrEqual(step('Step 1: Pause')?.bottom ?? Infinity);
    await expect(step('Step 3: Retry')?.top).toBeGreaterThanOrEqual(step('Step 2: Reflect')?.bottom ?? Infinity);
  },
};
