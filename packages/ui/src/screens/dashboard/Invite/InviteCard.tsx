/**
 * 'Invite a friend' (docs/product/screens.md#invite-a-friend): the member's personal link to
 * /experiment?invite=CODE, 'Copy link' (the clipboard, with a visible 'Copied' or, when the browser
 * refuses, how to copy it by hand), 'Share' where the device has a share sheet, and how many
 * friends joined through it. Each friend who joins gives the member +10 (docs/product/rules.md#invites).
 */
import { INVITE_PARAM, POINTS, type InviteInfo } from '@prr/contract';
import { useEffect, useRef, useState } from 'react';
import { useDashboardPart, useInvite } from '../../../api';
import { pageUrl, useShare } from '../../../components/ShareButton';
import { QueryView, type QueryViewProps } from '../../../components/QueryView';
import { paths } from '../../../config';
import { Button, Skeleton, TextField } from '../../../primitives';
import { EngageCard } from '../EngageCard';
import * as S from './InviteCard.styles';

/** How long 'Copied' stays, as the site's other copy confirmations (docs/product/screens.md#share-button). */
export const COPIED_MS = 2000;
export const COPY_REFUSED_MESSAGE = 'Your browser did not let us copy the link. Select it above and copy it yourself.';

/** The absolute address of the member's invite link. */
export function inviteLink(code: string): string {
  return pageUrl(`${paths.experiment}?${new URLSearchParams({ [INVITE_PARAM]: code })}`);
}

export function friendsJoinedText(count: number): string {
  return `${count} ${count === 1 ? 'friend' : 'friends'} joined`;
}

export function InviteCard() {
  const invite = useDashboardPart((dashboard) => dashboard.invite);
  return (
    <EngageCard
      title="Invite a friend"
      lead={
        <>
          Share your personal link. You get <strong>+{POINTS.inviteFriend} points</strong> for each friend who joins the
          90-Day Experiment through it.
        </>
      }
    >
      <InviteView query={invite}>{(info) => (info ? <InviteLink info={info} /> : <FirstInvite />)}</InviteView>
    </EngageCard>
  );
}

/** A member from before invites has no code in the dashboard's answer: the invite call makes it, once. */
function FirstInvite() {
  const invite = useInvite();
  return <InviteView query={invite}>{(info) => <InviteLink info={info} />}</InviteView>;
}

function InviteView<T>({ query, children }: Pick<QueryViewProps<T>, 'query' | 'children'>) {
  return (
    <QueryView
      query={query}
      loading={
        <S.Loading role="status">
          <Skeleton $height="2.6rem" />
          <span className="visually-hidden">Loading your invite link...</span>
        </S.Loading>
      }
      error="We couldn't load your invite link."
    >
      {children}
    </QueryView>
  );
}

function InviteLink({ info }: { info: InviteInfo }) {
  const link = inviteLink(info.code);
  const { friendsJoined } = info;
  const share = useShare();
  const field = useRef<HTMLInputElement>(null);
  const [notice, setNotice] = useState<{ text: string; ok: boolean } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  // Read when the card renders: a device without a share sheet is offered 'Copy link' alone.
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const copied = () => {
    clearTimeout(timer.current);
    setNotice({ text: 'Copied', ok: true });
    timer.current = setTimeout(() => setNotice(null), COPIED_MS);
  };
  const refused = () => {
    clearTimeout(timer.current);
    // Stays until the next try: the member needs it while copying by hand.
    setNotice({ text: COPY_REFUSED_MESSAGE, ok: false });
    field.current?.select();
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      copied();
    } catch (error) {
      console.info('Copying the invite link failed', error);
      refused();
    }
  };

  const shareLink = async () => {
    const outcome = await share({
      title: 'Join me in the 90-Day Experiment',
      text: 'I am practising Pause. Reflect. Retry. for 90 days. Join me:',
      url: link,
    });
    if (outcome === 'copied') copied();
    else if (outcome === 'failed') refused();
  };

  return (
    <S.Body>
      <TextField
        ref={field}
        label="Your invite link"
        value={link}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
      />
      <S.Actions>
        <Button onClick={() => void copy()}>Copy link</Button>
        {canShare ? (
          <Button variant="secondary" onClick={() => void shareLink()}>
            Share
          </Button>
        ) : null}
        <S.Notice role="status" $ok={notice?.ok ?? true}>
          {notice ? (
            <>
              {notice.ok ? <S.Tick aria-hidden="true">✓</S.Tick> : null}
              {notice.text}
            </>
          ) : null}
        </S.Notice>
      </S.Actions>
      <S.Joined>
        <strong>{friendsJoinedText(friendsJoined)}</strong>
        {friendsJoined === 0 ? ' so far' : null}
      </S.Joined>
    </S.Body>
  );
}
