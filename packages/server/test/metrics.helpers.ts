/**
 * Reading Prometheus' text format in tests (http.operations.test.ts, cluster.postgres.test.ts):
 * the value of one sample by its name and labels, as a scraper would read it.
 */

/** `name{a="1",b="2"} 3` -> the labels as an object and the value. */
function samples(text: string, name: string): { labels: Record<string, string>; value: number }[] {
  const found: { labels: Record<string, string>; value: number }[] = [];
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/.exec(line);
    if (!match || match[1] !== name) continue;
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g))
      labels[pair[1] as string] = pair[2] as string;
    found.push({ labels, value: Number(match[3]) });
  }
  return found;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when there are none). */
export function metricValue(text: string, name: string, labels: Record<string, string> = {}): number {
  return samples(text, name)
    .filter((sample) => Object.entries(labels).every(([key, value]) => sample.labels[key] === value))
    .reduce((sum, sample) => sum + sample.value, 0);
}

/** Whether a sample of that name is in the text at all. */
export function hasMetric(text: string, name: string): boolean {
  return samples(text, name).length > 0;
}
