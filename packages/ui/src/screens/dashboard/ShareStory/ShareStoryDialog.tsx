/**
 * The 'Share your story' form (docs/product/screens.md#share-your-story): the story (with a counter
 * to STORY_MAX), where the member is, and a rating from 1 to 5. Checked with the contract's
 * StoryRequest before sending; the server's field messages land under the same fields, and a 409
 * (a story already waiting or shared) is said above the button. The words are kept as a draft for
 * the browser session until the story is sent. Sent as plain text: nothing here is read as HTML.
 */
import {
  HttpError,
  STORY_LOCATION_MAX,
  STORY_MAX,
  StoryRequest,
  api,
  fieldErrors,
  queryKeyFor,
  type Member,
} from '@prr/contract';
import { storyAuthor } from '@prr/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { z } from 'zod';
import { useShareStory } from '../../../api';
import { fieldMessages } from '../../../api/fieldMessages';
import { useDraft } from '../../../hooks/useDraft';
import { Button, Dialog, ErrorText, Field, Label, TextArea, TextField } from '../../../primitives';
import { RatingField } from './RatingField';
import * as S from './ShareStory.styles';

export const STORY_SENT_MESSAGE = 'Thank you: your story is waiting for review.';
export const STORY_FAILED_MESSAGE = 'We could not send your story just now. Please try again.';

const FIELDS = ['content', 'location', 'rating'] as const;
type StoryField = (typeof FIELDS)[number];
type FieldMessages = Partial<Record<StoryField, string>>;

const StoryDraft = z.object({ content: z.string(), location: z.string(), rating: z.int().min(1).max(5).nullable() });
type StoryDraft = z.infer<typeof StoryDraft>;
const EMPTY_DRAFT: StoryDraft = { content: '', location: '', rating: null };
const parseDraft = (stored: unknown) => StoryDraft.safeParse(stored).data;

export interface ShareStoryDialogProps {
  member: Member;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function ShareStoryDialog({ member, open, onOpenChange }: ShareStoryDialogProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Share your story"
      description={`How did a pause change a conversation? Once approved, your story appears on the home page as ${storyAuthor(member.name)}, with your location.`}
    >
      {/* Radix unmounts the content when the dialog closes: the next opening starts afresh. */}
      <StoryForm member={member} onClose={() => onOpenChange(false)} />
    </Dialog>
  );
}

function StoryForm({ member, onClose }: { member: Member; onClose: () => void }) {
  const ids = { content: useId(), counter: useId(), contentError: useId() };
  const draft = useDraft(`story.${member.id}`, EMPTY_DRAFT, parseDraft);
  const [errors, setErrors] = useState<FieldMessages>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const queryClient = useQueryClient();
  const share = useShareStory();
  const { content, location, rating } = draft.value;

  const set = <K extends keyof StoryDraft>(key: K, value: StoryDraft[K]) => {
    draft.update((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setFailure(null);
    const parsed = StoryRequest.safeParse({ content, location, rating: rating ?? undefined });
    if (!parsed.success) {
      setErrors(firstMessages(fieldErrors(parsed.error)));
      return;
    }
    share.mutate(
      { body: parsed.data },
      {
        onSuccess: () => {
          draft.clear();
          setSent(true);
        },
        onError: (error) => {
          const fromServer: FieldMessages = Object.fromEntries(fieldMessages(error, FIELDS));
          setErrors(fromServer);
          if (error instanceof HttpError && error.status === 409) {
            // Another tab or device sent one: the dashboard catches up with the member's stories.
            void queryClient.invalidateQueries({ queryKey: queryKeyFor(api.memberDashboard) });
            setFailure(error.serverMessage ?? 'You already have a story waiting for review or shared.');
          } else if (!Object.values(fromServer).some(Boolean)) {
            setFailure(STORY_FAILED_MESSAGE);
          }
        },
      },
    );
  };

  if (sent) return <Sent onClose={onClose} />;

  return (
    <S.Form onSubmit={submit} noValidate>
      <Field>
        <Label htmlFor={ids.content}>Your story</Label>
        <TextArea
          id={ids.content}
          name="content"
          value={content}
          maxLength={STORY_MAX}
          rows={6}
          // The story is what the dialog is for: typing can start at once (Radix keeps focus inside).
          autoFocus
          onChange={(e) => set('content', e.target.value)}
          aria-invalid={errors.content ? true : undefined}
          aria-describedby={[ids.counter, errors.content ? ids.contentError : null].filter(Boolean).join(' ')}
          placeholder="The moment I paused instead of answering back..."
        />
        <S.Counter id={ids.counter} $full={content.length >= STORY_MAX}>
          {content.length} of {STORY_MAX} characters
        </S.Counter>
        {errors.content ? (
          <ErrorText id={ids.contentError} role="alert">
            {errors.content}
          </ErrorText>
        ) : null}
      </Field>
      <TextField
        label="Your location"
        name="location"
        hint="City and state, for example Austin, TX"
        autoComplete="address-level2"
        maxLength={STORY_LOCATION_MAX}
        value={location}
        onChange={(e) => set('location', e.target.value)}
        error={errors.location}
      />
      <RatingField
        legend="Your rating of the 90-Day Experiment"
        value={rating}
        onChange={(value) => set('rating', value)}
        error={errors.rating}
      />
      {failure ? <S.Failure role="alert">{failure}</S.Failure> : null}
      <S.Actions>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" disabled={share.isPending}>
          {share.isPending ? 'Sending...' : 'Send my story'}
        </Button>
      </S.Actions>
    </S.Form>
  );
}

/** The thank-you in the form's place. The form had focus: the thank-you takes it, so it is read out. */
function Sent({ onClose }: { onClose: () => void }) {
  const thanks = useRef<HTMLParagraphElement>(null);
  useEffect(() => thanks.current?.focus(), []);
  return (
    <S.Sent>
      <S.Thanks ref={thanks} tabIndex={-1} role="status">
        {STORY_SENT_MESSAGE}
      </S.Thanks>
      <p>We read every story. Its status shows on your dashboard until it is on the home page.</p>
      <S.Actions>
        <Button onClick={onClose}>Done</Button>
      </S.Actions>
    </S.Sent>
  );
}

function firstMessages(fields: Record<string, string[]>): FieldMessages {
  const messages: FieldMessages = {};
  for (const field of FIELDS) messages[field] = fields[field]?.[0];
  return messages;
}
