/** Any unknown path (SPEC.md section 2): 'Page Not Found', the router hint, and a way home. */
import styled from 'styled-components';
import { paths } from '../../config';
import { ButtonLink, Container } from '../../primitives';

export function NotFoundPage() {
  return (
    <Wrapper>
      <Container>
        <Card>
          <Code aria-hidden="true">404</Code>
          <h1>Page Not Found</h1>
          <p>We couldn’t find the page you were looking for. It may have moved, or the link may be mistyped.</p>
          <Hint>Building the site? Did you forget to add the page to the router?</Hint>
          <ButtonLink to={paths.home}>Back to Home</ButtonLink>
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

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.sand};
`;
