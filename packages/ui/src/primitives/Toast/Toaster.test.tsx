import { act, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
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
});
