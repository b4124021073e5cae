import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../test';
import { QueryView, type QueryViewProps } from './QueryView';

/** A read whose answers the test hands out one by one: a list, or an Error to throw. */
function scripted(...answers: (string[] | Error)[]) {
  return async () => {
    const answer = answers.length > 1 ? answers.shift() : answers[0];
    if (answer instanceof Error) throw answer;
    return answer ?? [];
  };
}

type Props = Omit<QueryViewProps<string[]>, 'query' | 'children'>;

function Harness({ read, ...props }: Props & { read: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['words'], queryFn: read, retry: false });
  return (
    <>
      <QueryView query={query} {...props}>
        {(words) => <p>Words: {words.join(', ')}</p>}
      </QueryView>
      <button type="button" onClick={() => void query.refetch()}>
        Refresh
      </button>
    </>
  );
}

const never = () => new Promise<string[]>(() => {});

describe('QueryView', () => {
  it('says a loading sentence in the standard status, or shows the caller’s own element', () => {
    const { unmount } = renderWithProviders(<Harness read={never} loading="Loading words..." error="No words." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading words...');
    unmount();

    renderWithProviders(<Harness read={never} loading={<p>Placeholder</p>} error="No words." />);
    expect(screen.getByText('Placeholder')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('says a failure in an alert whose Try again reads again', async () => {
    const { user } = renderWithProviders(
      <Harness read={scripted(new Error('down'), ['peace'])} loading="Loading words..." error="No words." />,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent('No words.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Words: peace')).toBeInTheDocument();
  });

  it('lets the error decide, and shows nothing for null', async () => {
    renderWithProviders(
      <Harness
        read={scripted(new Error('told elsewhere'))}
        loading="Loading words..."
        error={(error) => (error.message === 'told elsewhere' ? null : 'No words.')}
      />,
    );
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText(/Words:/)).not.toBeInTheDocument();
  });

  it('shows the empty note when the data is empty', async () => {
    renderWithProviders(
      <Harness
        read={scripted([])}
        loading="Loading words..."
        error="No words."
        isEmpty={(words) => words.length === 0}
        empty="Nothing yet."
      />,
    );
    expect(await screen.findByText('Nothing yet.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Nothing yet.');
  });

  it('replaces the data with the alert when a refresh fails, unless told to keep it', async () => {
    const first = renderWithProviders(
      <Harness read={scripted(['calm'], new Error('down'))} loading="Loading words..." error="No words." />,
    );
    expect(await screen.findByText('Words: calm')).toBeInTheDocument();
    await first.user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No words.');
    first.unmount();

    const kept = renderWithProviders(
      <Harness
        read={scripted(['calm'], new Error('down'))}
        loading="Loading words..."
        error="No words."
        keepDataOnRefetchError
      />,
    );
    expect(await screen.findByText('Words: calm')).toBeInTheDocument();
    await kept.user.click(screen.getByRole('button', { name: 'Refresh' }));
    await waitFor(() => expect(kept.queryClient.getQueryState(['words'])?.status).toBe('error'));
    expect(screen.getByText('Words: calm')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
