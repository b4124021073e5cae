/** Story helpers for the site chrome: a tall page to scroll, since the bar and button react to scrolling. */
import type { Decorator } from '@storybook/react-vite';
import styled from 'styled-components';

const Tall = styled.div`
  min-height: 2400px;
  padding: 96px 24px;
  background: linear-gradient(#fffaf3, #f5ead9);
`;

export const withTallPage: Decorator = (Story) => (
  <>
    <Story />
    <Tall>
      <p>Scroll down: the page behind the site chrome.</p>
    </Tall>
  </>
);

/** Scrolls the story's window and lets listeners run. */
export async function scrollStoryTo(y: number) {
  window.scrollTo({ top: y, behavior: 'instant' });
  await new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
}
