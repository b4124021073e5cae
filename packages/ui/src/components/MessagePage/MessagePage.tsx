/**
 * A page that is only a message: the 404 and the error page. A big code or mark, the heading,
 * and whatever the page says and offers below it.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Container } from '../../primitives';

export interface MessagePageProps {
  /** Shown large above the heading, e.g. '404'; decorative (hidden from screen readers). */
  code: string;
  title: string;
  children: ReactNode;
}

export function MessagePage({ code, title, children }: MessagePageProps) {
  return (
    <Wrapper>
      <Container>
        <Card>
          <Code aria-hidden="true">{code}</Code>
          <h1>{title}</h1>
          {children}
        </Card>
      </Container>
    </Wrapper>
  );
}

const Wrapper = styled.div`
  padding: ${({ theme }) => theme.space['3xl']} 0;
  min-height: 60vh;
  display: flex;
  align-items: center;
`;

const Card = styled.div`
  max-width: 36rem;
  margin: 0 auto;
  text-align: center;
  display: flex;
  flex-direction: column;
  align-items: center;
  h1 {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
  p {
    color: ${({ theme }) => theme.colors.inkSoft};
  }
`;

const Code = styled.div`
  margin: 0;
  font-family: ${({ theme }) => theme.fonts.heading};
  font-size: clamp(4rem, 14vw, 7rem);
  font-weight: 700;
  line-height: 1;
  color: ${({ theme }) => theme.colors.brand};
  letter-spacing: 0.05em;
`;
