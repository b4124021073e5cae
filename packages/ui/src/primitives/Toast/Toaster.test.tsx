import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../test';
import { toast, toastStore } from './toastStore';

const region = () => screen.queryByRole('region', { name: 'Notifications (F8)' });

describe('Toaster', () => {
  it('renders nothing until the first toast, then shows it in the notifications region', async () => {
    renderWithProviders(<p>Page</p>);
    expect(region()).not.toBeInTheDocument();

    act(() => {
      toast({ title: 'Welcome to the movement!', description: 'Thank you for joining us.' });
    });
    expect(await screen.findByText('Welcome to the movement!')).toBeInTheDocument();
    expect(region()).toBeInTheDocument();
  });

  it('keeps the region once loaded, so F8 still finds it after the toasts are gone', async () => {
    renderWithProviders(<p>Page</p>);
    act(() => {
      toast({ variant: 'destructive', title: 'Missing Information' });
    });
    expect(await screen.findByText('Missing Information')).toBeInTheDocument();

    act(() => toastStore.reset());
    expect(screen.queryByText('Missing Information')).not.toBeInTheDocument();
    expect(region()).toBeInTheDocument();
  });

  it('runs its action once pressed and closes, with the alternative named for screen readers', async () => {
    const { user } = renderWithProviders(<p>Page</p>);
    const onClick = vi.fn();
    act(() => {
      toast({
        title: 'State data updated',
        action: { label: 'Undo', altText: 'Undo from the Actions card', onClick },
      });
    });
    const undo = await screen.findByRole('button', { name: 'Undo' });
    // Radix's announcement reads this text in place of the button.
    expect(undo).toHaveAttribute('data-radix-toast-announce-alt', 'Undo from the Actions card');
    await user.click(undo);
    expect(onClick).toHaveBeenCalledOnce();
    await waitFor(() => expect(screen.queryByText('State data updated')).not.toBeInTheDocument());
  });
});
