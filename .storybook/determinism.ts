/**
 * What makes a story's picture the same on every run, in one place (docs/decisions/029-one-visual-pipeline.md):
 * preview.tsx applies it to every story, so Storybook, Chromatic and the stories project's pictures
 * all see it.
 * - Today is the mocks' FIXTURE_NOW: `Date` is fixed there while the story runs. Timers stay real,
 *   so play functions, MSW's delays and a toast's timeout run as in the browser.
 * - No animation, transition or caret (./freeze.css, imported here) and framer-motion at its end state.
 * - Web fonts loaded, toasts' timers paused, and a control disabled while focused left unfocused
 *   before the story counts as finished (`afterEach`, which runs after the play function and before
 *   any picture is taken).
 */
import { MotionGlobalConfig } from 'framer-motion';
import { FIXTURE_NOW } from '@prr/mocks/fixtures';
import './freeze.css';

const RealDate = globalThis.Date;

/**
 * `Date` with the time fixed at FIXTURE_NOW: `new Date()` and `Date.now()` answer it, every other
 * use (parsing, given instants, `Date.UTC`) is the real Date's. It does not advance: nothing in the
 * UI measures elapsed time with Date (timers and animations use setTimeout and performance.now).
 */
class FixedDate extends RealDate {
  constructor(...args: ConstructorParameters<DateConstructor> | []) {
    if (args.length === 0) super(FIXTURE_NOW.getTime());
    else super(...(args as ConstructorParameters<DateConstructor>));
  }

  static override now(): number {
    return FIXTURE_NOW.getTime();
  }
}

/**
 * Controls that were disabled while they had focus (a submit button during its request). The
 * browser takes focus from a disabled control at its next rendering step; on a busy machine the
 * answer can re-enable it before that step, and the control keeps focus and its ring. holdTheEnd
 * settles it the way the rendering step would have: such a control ends unfocused.
 */
let disabledWhileFocused = new WeakSet<Element>();
const focusWatch = new MutationObserver((records) => {
  for (const { target } of records)
    if (target === document.activeElement && target instanceof Element && target.hasAttribute('disabled'))
      disabledWhileFocused.add(target);
});

/** Fixes the clock and stops animations; the returned function gives the real Date back. */
export function holdStill(): () => void {
  globalThis.Date = FixedDate as DateConstructor;
  MotionGlobalConfig.skipAnimations = true;
  disabledWhileFocused = new WeakSet();
  focusWatch.observe(document.body, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    globalThis.Date = RealDate;
    focusWatch.disconnect();
  };
}

/**
 * The story's end, held for its picture: web fonts loaded (or failed), so text is drawn in its font;
 * and the toasts' 5 s timers paused as when a visitor's pointer rests on them (Radix Toast pauses
 * on a pointer move over its region, Notifications (F8)), so the toast a story ends on is still there
 * however long the checks after it take. A window blur would pause them too, but closes open menus.
 */
export async function holdTheEnd(): Promise<void> {
  const active = document.activeElement;
  if (active instanceof HTMLElement && disabledWhileFocused.has(active)) active.blur();
  for (const region of document.querySelectorAll('[role="region"][aria-label^="Notifications"]'))
    region.dispatchEvent(new PointerEvent('pointermove', { bubbles: true }));
  await document.fonts.ready;
}
