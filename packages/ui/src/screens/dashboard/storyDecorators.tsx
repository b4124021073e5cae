/** The frame every dashboard tab story renders in: the dashboard's reading width and padding. */
import type { Decorator } from '@storybook/react-vite';

export function tabFrame(maxWidth = 1180): Decorator {
  return function TabFrame(Story) {
    return (
      <div style={{ maxWidth, margin: '0 auto', padding: '1.5rem 1rem' }}>
        <Story />
      </div>
    );
  };
}
