/**
 * The Share button of /symbols, /music and the story pages. After a clipboard copy it tells the
 * visitor either inline (a status line that clears after 2 s, on /symbols) or with
 * window.alert (/music and the stories), as docs/product/screens.md describes each page.
 */
import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Button, type ButtonVariant } from '../../primitives';
import { pageUrl, useShare } from './useShare';

/** How long the inline "copied" notice stays (docs/product/screens.md#share-button). */
export const COPIED_NOTICE_MS = 2000;

export const COPY_FAILED_MESSAGE = 'We could not copy the link. Please copy it from the address bar.';

export interface ShareButtonProps {
  /** Title for the share sheet. */
  title: string;
  /** Message for the share sheet; with copy="message" it is also copied before the link. */
  text?: string;
  /** Route path of the page to share, e.g. paths.music. */
  path: string;
  /** What the clipboard fallback copies. */
  copy?: 'link' | 'message';
  /** Confirmation after a copy. */
  copiedMessage: string;
  feedback: 'inline' | 'alert';
  label?: string;
  variant?: ButtonVariant;
}

export function ShareButton({
  title,
  text,
  path,
  copy = 'link',
  copiedMessage,
  feedback,
  label = 'Share',
  variant = 'secondary',
}: ShareButtonProps) {
  const share = useShare();
  const [notice, setNotice] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const tell = (message: string) => {
    if (feedback === 'alert') {
      window.alert(message);
      return;
    }
    clearTimeout(timer.current);
    setNotice(message);
    timer.current = setTimeout(() => setNotice(''), COPIED_NOTICE_MS);
  };

  const onShare = async () => {
    const url = pageUrl(path);
    const copyText = copy === 'message' && text ? `${text} ${url}` : url;
    const outcome = await share({ title, text, url }, copyText);
    if (outcome === 'copied') tell(copiedMessage);
    else if (outcome === 'failed') tell(COPY_FAILED_MESSAGE);
  };

  return (
    <Wrap>
      <Button variant={variant} onClick={() => void onShare()}>
        <ShareIcon />
        {label}
      </Button>
      {feedback === 'inline' ? (
        <Notice role="status">
          {notice ? (
            <>
              <Check aria-hidden="true">✓</Check>
              {notice}
            </>
          ) : null}
        </Notice>
      ) : null}
    </Wrap>
  );
}

function ShareIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      width="1.1em"
      height="1.1em"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <circle cx="18" cy="5" r="2.5" />
      <circle cx="6" cy="12" r="2.5" />
      <circle cx="18" cy="19" r="2.5" />
      <path d="m8.2 10.8 7.6-4.4M8.2 13.2l7.6 4.4" />
    </svg>
  );
}

const Wrap = styled.div`
  display: inline-flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
`;

/** Ink text so the notice reads on every background; the tick carries the colour. */
const Notice = styled.p`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.xs};
  margin: 0;
  font-weight: 600;
  color: ${({ theme }) => theme.colors.ink};
`;

const Check = styled.span`
  color: ${({ theme }) => theme.colors.success};
  font-weight: 800;
`;
