/** Shared by the map's component stories: a centred frame at the width the page gives the piece. */
import type { Decorator } from '@storybook/react-vite';
import styled from 'styled-components';

const Frame = styled.div<{ $maxWidth: string }>`
  max-width: ${({ $maxWidth }) => $maxWidth};
  margin: 0 auto;
  padding: 1.5rem 1rem;
`;

export function withFrame(maxWidth: string): Decorator {
  return function FrameDecorator(Story) {
    return (
      <Frame $maxWidth={maxWidth}>
        <Story />
      </Frame>
    );
  };
}
