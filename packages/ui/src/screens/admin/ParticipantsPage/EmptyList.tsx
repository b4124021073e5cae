/** What the list says when it has nobody: with a filter on, a way to clear it; without, where to add someone. */
import styled from 'styled-components';
import { paths } from '../../../config';
import { Button, ButtonLink, StatusMessage } from '../../../primitives';

export function EmptyList({ onClear }: { onClear?: () => void }) {
  return (
    <Box>
      <StatusMessage kind="empty">
        {onClear ? 'No participants match these filters' : 'No participants yet.'}
      </StatusMessage>
      {onClear ? (
        <Button variant="secondary" size="sm" onClick={onClear}>
          Clear filters
        </Button>
      ) : (
        <ButtonLink to={paths.admin} variant="secondary" size="sm">
          Add one on the dashboard
        </ButtonLink>
      )}
    </Box>
  );
}

const Box = styled.div`
  display: flex;
  flex-direction: column;
  align-items: center;
  padding-bottom: ${({ theme }) => theme.space.lg};
`;
