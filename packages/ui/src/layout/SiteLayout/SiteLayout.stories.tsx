import { findSitePage } from '@prr/contract';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Route, Routes } from 'react-router-dom';
import { expect, waitFor, within } from 'storybook/test';
import styled from 'styled-components';
import { Container } from '../../primitives';
import { SiteLayout } from './SiteLayout';

const SamplePage = styled(Container)`
  padding-top: 3rem;
  padding-bottom: 3rem;
  min-height: 120vh;
`;

/** The layout renders whichever page the route picks; here a stand-in page. */
function LayoutWithSamplePage() {
  return (
    <Routes>
      <Route element={<SiteLayout />}>
        <Route
          path="*"
          element={
            <SamplePage>
              <h1>A page of the site</h1>
              <p>
                Every route renders inside this frame: the navigation bar, the page, the floating button and the footer.
              </p>
            </SamplePage>
          }
        />
      </Route>
    </Routes>
  );
}

const meta = {
  title: 'Layout/SiteLayout',
  component: LayoutWithSamplePage,
  globals: { viewport: { value: 'desktop' } },
  parameters: { route: '/method' },
} satisfies Meta<typeof LayoutWithSamplePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Desktop: Story = {
  play: async ({ canvas, userEvent }) => {
    await expect(canvas.getByRole('banner')).toBeInTheDocument();
    await expect(
      within(canvas.getByRole('main')).getByRole('heading', { name: 'A page of the site' }),
    ).toBeInTheDocument();
    await expect(canvas.getByRole('contentinfo')).toBeInTheDocument();
    // The first Tab reaches the skip link, which moves focus into the page.
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Skip to content' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('main')).toHaveFocus();
  },
};

export const Mobile: Story = {
  globals: { viewport: { value: 'mobile' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Open menu' })).toBeVisible();
  },
};

/**
 * After following a link, focus lands on the new page's heading and a polite live region reads the
 * page's title (docs/product/screens.md#routes). Nothing to see, so no screenshot.
 */
export const AfterNavigation: Story = {
  parameters: { visual: { disable: true } },
  play: async ({ canvas, userEvent }) => {
    const heading = canvas.getByRole('heading', { level: 1, name: 'A page of the site' });
    await expect(heading).not.toHaveFocus();
    await expect(canvas.getByRole('status')).toBeEmptyDOMElement();
    await userEvent.click(canvas.getByRole('link', { name: 'Join Experiment' }));
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByRole('status')).toHaveTextContent(findSitePage('/experiment')?.title ?? 'missing');
  },
};
