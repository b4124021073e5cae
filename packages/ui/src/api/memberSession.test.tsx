import { api, queryKeyFor } from '@prr/contract';
import { failing, startMockSignIn } from '@prr/mocks';
import { demoMember, quietMember } from '@prr/mocks/fixtures';
import { server } from '@prr/mocks/node';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { draftStore } from '../hooks/useDraft';
import { memberEmailStore } from '../hooks/useMemberEmail';
import { createQueryClient } from '../providers';
import { useMe, useReflections, useSignInWithLink, useSignOut, useUpdateEmailSettings } from './hooks';
import { isReadOf } from './routeQuery';

function setup() {
  const queryClient = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

const cached = (queryClient: QueryClient, route: { path: string }) => queryClient.getQueryData(queryKeyFor(route));

/** Jordan (the mocks' ambient member) with his member and reflections read and cached. */
async function jordansReadsCached(wrapper: (props: { children: ReactNode }) => ReactNode) {
  const reads = renderHook(() => ({ me: useMe(), reflections: useReflections() }), { wrapper });
  await waitFor(() => expect(reads.result.current.reflections.isSuccess).toBe(true));
  expect(reads.result.current.me.data).toMatchObject({ email: demoMember.email });
  reads.unmount();
}

describe("the member's cached reads", () => {
  it('are dropped when another member signs in, and the new member is who is signed in', async () => {
    const { queryClient, wrapper } = setup();
    await jordansReadsCached(wrapper);
    const { linkToken } = startMockSignIn(quietMember.email);

    const { result } = renderHook(() => useSignInWithLink(), { wrapper });
    await act(() => result.current.mutateAsync({ body: { token: linkToken } }));
    expect(cached(queryClient, api.me)).toMatchObject({ email: quietMember.email });
    expect(cached(queryClient, api.reflections)).toBeUndefined();
    expect(memberEmailStore.read()).toBe(quietMember.email);
  });

  it('are dropped on sign-out, with the drafts and the kept e-mail', async () => {
    const { queryClient, wrapper } = setup();
    await jordansReadsCached(wrapper);
    memberEmailStore.remember(demoMember.email);
    sessionStorage.setItem(draftStore.keyOf('reflection.someone'), '{"notes":"x"}');

    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current.mutateAsync({}));
    expect(cached(queryClient, api.me)).toBeNull();
    expect(cached(queryClient, api.reflections)).toBeUndefined();
    expect(sessionStorage.getItem(draftStore.keyOf('reflection.someone'))).toBeNull();
    expect(memberEmailStore.read()).toBeNull();
  });

  it('count a 401 on sign-out as signed out: the server had ended the session already', async () => {
    server.use(failing(api.signOut, 401));
    const { queryClient, wrapper } = setup();
    await jordansReadsCached(wrapper);
    const { result } = renderHook(() => useSignOut(), { wrapper });
    await act(() => result.current.mutateAsync({}).catch(() => undefined));
    expect(cached(queryClient, api.me)).toBeNull();
    expect(cached(queryClient, api.reflections)).toBeUndefined();
  });

  it("are refreshed one route at a time: saving settings refreshes the member, not the member's lists", async () => {
    const { queryClient, wrapper } = setup();
    await jordansReadsCached(wrapper);
    const { result } = renderHook(() => useUpdateEmailSettings(), { wrapper });
    await act(() =>
      result.current.mutateAsync({
        body: { emailReminders: false, reminderTime: '09:00', timezone: 'America/New_York' },
      }),
    );
    expect(queryClient.getQueryState(queryKeyFor(api.me))?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeyFor(api.reflections))?.isInvalidated).toBe(false);
  });
});

describe('isReadOf', () => {
  it('matches a path without parameters exactly, and a path with parameters by its static start', () => {
    expect(isReadOf(api.me, ['/api/me'])).toBe(true);
    expect(isReadOf(api.me, ['/api/me/reflections'])).toBe(false);
    expect(isReadOf(api.reflectionPrompt, ['/api/reflection-prompts/12'])).toBe(true);
    expect(isReadOf(api.reflectionPrompt, [42])).toBe(false);
  });
});
