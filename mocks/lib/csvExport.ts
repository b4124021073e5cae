/**
 * A CSV export as the mocks answer it: the admin's session checked as the server checks it, and
 * the same chunks as the server's stream (the domain's CSV writers), sent as a streamed body.
 */
import { AppError, isAppError } from '@prr/domain';
import { HttpResponse, type HttpHandler } from 'msw';
import { failureResponse, onRoute, type HandleOptions } from '../contractHandler.js';
import { hasAdminSession } from '../session.js';

export interface CsvExportRoute {
  method: 'GET';
  path: string;
  contentType: string;
  filename: string;
}

/** `chunksFor` may throw an AppError (a bad query): it is answered like any other. */
export function csvExportHandler(
  route: CsvExportRoute,
  options: HandleOptions,
  chunksFor: (url: URL) => AsyncGenerator<string>,
): HttpHandler {
  return onRoute(route, ({ request, cookies }) => {
    try {
      if (options.auth !== 'skip' && !hasAdminSession(cookies)) {
        throw new AppError('unauthenticated', 'Please sign in as the admin');
      }
      const chunks = chunksFor(new URL(request.url));
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
