/**
 * Test and story helper: replaces the browser's share sheet, clipboard and alert with spies, so
 * a story or test can choose "share sheet available" or "clipboard fallback" on any machine and
 * assert what happened. Pass the spy factory of the runner: `fn` from storybook/test in stories,
 * `vi.fn` in Vitest. Not used by product code.
 */

/** A spy factory such as `fn` or `vi.fn`: wraps an implementation and records its calls. */
export type SpyFactory = <Args extends unknown[], Result>(
  implementation: (...args: Args) => Result,
) => (...args: Args) => Result;

export interface ShareStubOptions {
  /** Whether navigator.share exists. */
  shareSheet: boolean;
  /** How the share sheet answers: 'shared' resolves, 'cancelled' rejects with AbortError. */
  shareResult?: 'shared' | 'cancelled';
  /** Whether navigator.clipboard.writeText succeeds. */
  clipboard?: 'works' | 'fails';
}

export interface ShareStubs {
  share: (data?: ShareData) => Promise<void>;
  writeText: (text: string) => Promise<void>;
  alert: (message?: string) => void;
  /** Puts the real browser APIs back. */
  restore: () => void;
}

function override(target: object, key: string, value: unknown): () => void {
  const own = Object.getOwnPropertyDescriptor(target, key);
  Object.defineProperty(target, key, { value, configurable: true, writable: true });
  return () => {
    if (own) Object.defineProperty(target, key, own);
    else Reflect.deleteProperty(target, key);
  };
}

export function stubShareApis(
  spy: SpyFactory,
  { shareSheet, shareResult = 'shared', clipboard = 'works' }: ShareStubOptions,
): ShareStubs {
  const share = spy(async (data?: ShareData) => {
    if (shareResult === 'cancelled')
      throw new DOMException(`Sharing ${data?.url ?? 'the page'} was cancelled`, 'AbortError');
  });
  const writeText = spy(async (text: string) => {
    if (clipboard === 'fails') throw new DOMException(`Could not copy ${text}`, 'NotAllowedError');
  });
  const alert = spy((message?: string) => {
    void message;
  });

  const restores = [
    override(navigator, 'share', shareSheet ? share : undefined),
    override(navigator, 'clipboard', { writeText }),
    override(window, 'alert', alert),
  ];
  return { share, writeText, alert, restore: () => restores.reverse().forEach((restore) => restore()) };
}
