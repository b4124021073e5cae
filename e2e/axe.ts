/** Runs axe-core inside a page and returns the serious and critical violations. */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

interface AxeResultLike {
  violations: { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] }[];
}

export async function seriousViolations(page: Page): Promise<AxeViolation[]> {
  // Fade-ins must finish first: mid-fade text is reported as low contrast. They are CSS animations,
  // running from the moment their element is drawn (and immediate under the reduced motion the
  // journeys ask for), so none can start after this check.
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    null,
    {
      timeout: 10_000,
    },
  );
  // Evaluated through the DevTools protocol, so the site's CSP (no inline scripts) stays enforced.
  await page.evaluate(axeSource);
  const result = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (context: Document) => Promise<AxeResultLike> } }).axe;
    return axe.run(document);
  });
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact ?? null, help: v.help, targets: v.nodes.map((n) => String(n.target)) }));
}
