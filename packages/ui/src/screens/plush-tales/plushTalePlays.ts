/** The play functions the two plush-tale pages' Storybook stories share: the pages differ only in their content. */
import { expect, waitFor, within } from 'storybook/test';
import type { PlushStory } from '../../content';

interface PlayContext {
  canvas: ReturnType<typeof within>;
  canvasElement: HTMLElement;
  userEvent: { click: (element: Element) => Promise<void>; keyboard: (text: string) => Promise<void> };
}

export function playTalePage(story: PlushStory, shopUrl: string) {
  return async ({ canvas, canvasElement, userEvent }: PlayContext) => {
    await expect(canvas.getByRole('heading', { level: 1, name: story.title })).toBeInTheDocument();
    for (const chapter of story.chapters) {
      await expect(canvas.getByRole('heading', { level: 2, name: chapter.title })).toBeInTheDocument();
    }
    const shop = canvas.getByRole('link', { name: `${story.shop.label} (opens in a new tab)` });
    await expect(shop).toHaveAttribute('href', shopUrl);
    await expect(shop).toHaveAttribute('target', '_blank');

    // Zoom: Enter opens the plush large, Escape closes it.
    const portrait = canvas.getByRole('button', { name: `Enlarge image: ${story.portrait.caption}` });
    portrait.focus();
    await userEvent.keyboard('{Enter}');
    const page = within(canvasElement.ownerDocument.body);
    const dialog = await page.findByRole('dialog', { name: story.portrait.caption });
    await expect(within(dialog).getByRole('img', { name: story.portrait.alt })).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(page.queryByRole('dialog')).not.toBeInTheDocument());
  };
}

export function playTaleShare(path: string) {
  return async ({ canvas, userEvent }: PlayContext) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Share' }));
    await expect(navigator.clipboard.writeText).toHaveBeenCalledWith(new URL(path, window.location.origin).href);
    await waitFor(() => expect(window.alert).toHaveBeenCalledWith('Story link copied to clipboard!'));
  };
}

/** One column on a phone: the plush comes below the title and its buttons, before the first chapter. */
export function playTalePageMobile(story: PlushStory) {
  return async ({ canvas }: Pick<PlayContext, 'canvas'>) => {
    await expect(canvas.getByRole('heading', { level: 1, name: story.title })).toBeInTheDocument();
    const shop = canvas.getByRole('link', { name: `${story.shop.label} (opens in a new tab)` });
    const plush = canvas.getByRole('button', { name: `Enlarge image: ${story.portrait.caption}` });
    const firstChapter = canvas.getByRole('heading', { level: 2, name: story.chapters[0]?.title });
    await expect(plush.getBoundingClientRect().top).toBeGreaterThanOrEqual(shop.getBoundingClientRect().bottom);
    await expect(plush.getBoundingClientRect().bottom).toBeLessThanOrEqual(firstChapter.getBoundingClientRect().top);
  };
}
