/**
 * What a visitor sees when a page breaks instead of React Router's developer screen: a plain
 * message inside the site's frame, a way to reload and a way home. A page chunk that no longer
 * exists (the site was updated while the tab was open) is the common case and is named as such.
 */
import { useEffect } from 'react';
import styled from 'styled-components';
import { MessagePage } from '../../components/MessagePage';
import { paths } from '../../config';
import { Button, ButtonLink } from '../../primitives';

/**
 * Browsers word a failed `import()` differently: Chromium's "Failed to fetch dynamically imported
 * module" and Firefox's "error loading dynamically imported module" share a phrase; Safari's is
 * "Importing a module script failed".
 */
const CHUNK_FAILURE = /dynamically imported module|importing a module script failed/i;

export function isChunkLoadFailure(error: unknown): boolean {
  return error instanceof Error && CHUNK_FAILURE.test(error.message);
}

export interface PageErrorProps {
  error: unknown;
  /** Reloads the page; replaceable in stories and tests. */
  onReload?: () => void;
}

export function PageError({ error, onReload = () => window.location.reload() }: PageErrorProps) {
  useEffect(() => {
    // Kept in the console so a visitor's report can be traced; the page itself shows no internals.
    console.error('A page failed to render:', error);
  }, [error]);

  const outdated = isChunkLoadFailure(error);
  return (
    <MessagePage code="Oops" title={outdated ? 'This page needs a reload' : 'Something went wrong'}>
      <p>
        {outdated
          ? 'The site was updated since you opened it, so this page could not be loaded. Reloading brings the latest version.'
          : 'This page stopped working. Reloading usually fixes it; if it happens again, please come back a little later.'}
      </p>
      <Actions>
        <Button onClick={onReload}>Reload the page</Button>
        <ButtonLink to={paths.home} variant="secondary">
          Back to Home
        </ButtonLink>
      </Actions>
    </MessagePage>
  );
}

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${({ theme }) => theme.space.sm};
`;
