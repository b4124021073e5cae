/**
 * What a worker tells the cluster primary over the IPC channel node:cluster opens: that it listens,
 * with the fields of the `listening` line the primary then logs once for all of them. Parsed with
 * zod, as everything that crosses a process boundary.
 */
import { z } from 'zod';

/** The fields of the `{"msg":"listening","port":...}` line that tools parse; `port` stays first. */
export const ListeningFields = z.object({
  port: z.number().int(),
  host: z.string(),
  url: z.string(),
  store: z.enum(['lowdb', 'postgres']),
  dataFile: z.string().optional(),
});
export type ListeningFields = z.infer<typeof ListeningFields>;

export const ListeningMessage = z.object({
  type: z.literal('prr:listening'),
  fields: ListeningFields,
});
export type ListeningMessage = z.infer<typeof ListeningMessage>;

/** The message when it is one of ours; anything else on the channel is not for us. */
export function listeningMessage(value: unknown): ListeningMessage | undefined {
  const parsed = ListeningMessage.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
