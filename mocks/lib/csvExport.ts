/**
 * A CSV export as the mocks answer it: the route's session (the admin's, or a member's) checked as the server checks it, and
 * the same chunks as the server's stream (the domain's CSV writers), sent as a streamed body.
 */
import { AppError, isAppError } from '@prr/domain';
import { HttpResponse, type HttpHandler } from 'msw';
import { failureResponse, onRoute, type HandleOptions } from '../contractHandler.js';
import { hasAdminSession, sessionMemberId, signedIn } from '../session.js';

export interface CsvExportRoute {
  method: 'GET';
  path: string;
  auth: 'admin' | 'member';
  contentType: string;
  filename: string;
}

/** Who the request is: the member's id on a member's route; refused as the server refuses it. */
function sessionFor(
  route: CsvExportRoute,
  options: HandleOptions,
  cookies: Record<string, string>,
): string | undefined {
  if (route.auth === 'member') return signedIn(sessionMemberId(cookies));
  if (options.auth !== 'skip' && !hasAdminSession(cookies)) {
    throw new AppError('unauthenticated', 'Please sign in as the admin');
  }
  return undefined;
}

/** `chunksFor` may throw an AppError (a bad query): it is answered like any other. */
export function csvExportHandler(
  route: CsvExportRoute,
  options: HandleOptions,
  chunksFor: (url: URL, memberId: string | undefined) => AsyncGenerator<string> | Promise<AsyncGenerator<string>>,
): HttpHandler {
  return onRoute(route, async ({ request, cookies }) => {
    try {
      const memberId = sessionFor(route, options, cookies);
      const chunks = await chunksFor(new URL(request.url), memberId);
      const encoder = new TextEncoder();
      const body = new ReadableStream<Uint8Array>({
        async pull(controller) {
          const next = await chunks.next();
          if (next.done) controller.close();
          else controller.enqueue(encoder.encode(next.value));
        },
      });
      return new HttpResponse(body, {
        headers: {
          'Content-Type': route.contentType,
          'Content-Disposition': `attachment; filename="${route.filename}"`,
        },
      });
    } catch (error) {
      if (isAppError(error)) return failureResponse(error);
      throw error;
    }
  });
}
