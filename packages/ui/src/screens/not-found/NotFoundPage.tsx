/** Any unknown path (docs/product/screens.md#not-found-and-errors): 'Page Not Found', the router hint, and a way home. */
import styled from 'styled-components';
import { MessagePage } from '../../components/MessagePage';
import { paths } from '../../config';
import { ButtonLink } from '../../primitives';

export function NotFoundPage() {
  return (
    <MessagePage code="404" title="Page Not Found">
      <p>We couldn’t find the page you were looking for. It may have moved, or the link may be mistyped.</p>
      <Hint>Building the site? Did you forget to add the page to the router?</Hint>
      <ButtonLink to={paths.home}>Back to Home</ButtonLink>
    </MessagePage>
  );
}

const Hint = styled.p`
  font-size: ${({ theme }) => theme.fontSizes.sm};
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.sand};
`;
