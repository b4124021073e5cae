/**
 * The root of an island whose messages are toasts (the join form, the sign-in steps): its component
 * and the toast region they show in, which the static page has nowhere else (the client app mounts
 * one for every page in its providers). Only these islands carry the region's code.
 */
import type { ComponentType, ReactElement } from 'react';
import { Toaster } from '../primitives';

export function withToasts<P extends object>(Component: ComponentType<P>): (props: P) => ReactElement {
  function IslandWithToasts(props: P) {
    return (
      <>
        <Component {...props} />
        <Toaster />
      </>
    );
  }
  IslandWithToasts.displayName = `withToasts(${Component.displayName ?? Component.name})`;
  return IslandWithToasts;
}
