import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PRACTICE_GUIDE_FILENAME } from '../../content';
import { paths } from '../../config';
import { renderWithProviders } from '../../test';
import { MethodPage } from './MethodPage';

/** jsdom's Blob has no text(); FileReader reads it the same way. */
function readText(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

const createObjectURL = URL.createObjectURL;
const revokeObjectURL = URL.revokeObjectURL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  URL.revokeObjectURL = revokeObjectURL;
});

// Whole-page renders are slow on a busy CI machine; the default 15 s is tight.
describe('MethodPage', { timeout: 30_000 }, () => {
  it('shows the three steps with tips, and the page itself says count to three', () => {
    renderWithProviders(<MethodPage />, { route: paths.method });
    expect(screen.getByRole('heading', { level: 1, name: 'Pause. Reflect. Retry.' })).toBeInTheDocument();
    for (const step of ['Pause', 'Reflect', 'Retry']) {
      expect(screen.getByRole('heading', { level: 3, name: new RegExp(`Step \\d: ${step}$`) })).toBeInTheDocument();
    }
    expect(screen.getAllByRole('heading', { name: 'Practice tips' })).toHaveLength(3);
    expect(screen.getByText(/count to three before you say or send anything/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Join the 90-Day Experiment' })).toHaveAttribute('href', paths.experiment);
  });

  it('links the diagram download to /download/two-paths-diagram in a new window', () => {
    renderWithProviders(<MethodPage />, { route: paths.method });
    const link = screen.getByRole('link', { name: 'Download the Diagram' });
    expect(link).toHaveAttribute('href', '/download/two-paths-diagram');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener');
  });

  it('makes the practice guide in the browser, without a request, and it says count to 5', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:practice-guide';
    });
    URL.revokeObjectURL = vi.fn();
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const downloads: { href: string; download: string }[] = [];
    // jsdom cannot navigate: record the download link's click instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ href: this.href, download: this.download });
    });

    const { user } = renderWithProviders(<MethodPage />, { route: paths.method });
    await user.click(screen.getByRole('button', { name: 'Download the Practice Guide' }));

    expect(downloads).toEqual([{ href: 'blob:practice-guide', download: PRACTICE_GUIDE_FILENAME }]);
    expect(blobs).toHaveLength(1);
    const [blob] = blobs;
    if (!blob) throw new Error('no Blob was made');
    expect(blob.type).toBe('text/plain;charset=utf-8');
    const text = await readText(blob);
    expect(text).toContain('count to 5');
    expect(text).toContain('PAUSE');
    expect(fetchSpy).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:practice-guide'));
  });
});
