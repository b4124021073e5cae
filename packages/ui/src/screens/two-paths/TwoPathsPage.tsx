/**
 * /two-paths: the interactive explorer of docs/product/screens.md#two-paths. The state lives in a reducer
 * (twoPathsMachine.ts); this component only renders it and moves keyboard focus to what
 * changed, since the buttons that were pressed disappear at each turn.
 */
import { useEffect, useReducer, useRef, type RefObject } from 'react';
import { COMPARISON_ROWS, PATHS, PATH_KEYS, type PathKey } from '../../content';
import { paths } from '../../config';
import { Button, ButtonLink, Container, Section, SectionLead, SectionTitle } from '../../primitives';
import { Island } from '../../islands/Island';
import { explorerReducer, explorerView, initialExplorerState, otherPath, type ExplorerView } from './twoPathsMachine';
import { EmotionIcon } from './EmotionIcon';
import * as S from './TwoPathsPage.styles';

type FocusTarget = { kind: 'journey' } | { kind: 'outcome' } | { kind: 'chooser'; path?: PathKey };

export function TwoPathsPage() {
  return (
    <>
      <Section $tone="sand">
        <Container>
          <SectionTitle as="h1">The Two Paths</SectionTitle>
          <SectionLead>
            Every conflict brings us to a fork in the road. One path vilifies; the other pauses, reflects and retries.
            Walk each one, stage by stage, and see where it leads.
          </SectionLead>
        </Container>
      </Section>
      <Island component={TwoPathsExplorer} load="intent" />
    </>
  );
}

/** The explorer itself: one island on /two-paths, hydrated when the visitor reaches for it. */
export function TwoPathsExplorer() {
  const [state, dispatch] = useReducer(explorerReducer, initialExplorerState);
  const view = explorerView(state);
  const focusNext = useRef<FocusTarget | null>(null);
  const journeyHeading = useRef<HTMLHeadingElement>(null);
  const outcomeHeading = useRef<HTMLHeadingElement>(null);
  const chooserHeading = useRef<HTMLHeadingElement>(null);
  const choiceHeadings = useRef<Partial<Record<PathKey, HTMLHeadingElement | null>>>({});

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (!target) return;
    if (target.kind === 'journey') journeyHeading.current?.focus();
    else if (target.kind === 'outcome') outcomeHeading.current?.focus();
    else if (target.path) choiceHeadings.current[target.path]?.focus();
    else chooserHeading.current?.focus();
  }, [state]);

  const choose = (path: PathKey) => {
    focusNext.current = { kind: 'journey' };
    dispatch({ type: 'choose', path });
  };
  const next = () => {
    if (view && view.step + 2 === view.count) focusNext.current = { kind: 'outcome' };
    dispatch({ type: 'continue' });
  };
  const reset = (tryPath?: PathKey) => {
    focusNext.current = { kind: 'chooser', path: tryPath };
    dispatch({ type: 'reset' });
  };

  return (
    <Section>
      <Container>
        {view === null ? (
          <>
            <S.ChooserHeading ref={chooserHeading} tabIndex={-1}>
              Choose a path to explore
            </S.ChooserHeading>
            <S.Choices>
              {PATH_KEYS.map((key) => {
                const path = PATHS[key];
                return (
                  <S.ChoiceCard key={key} $path={key}>
                    <EmotionIcon name={path.stages[path.stages.length - 1]?.icon ?? 'calm'} size={56} />
                    <h3
                      tabIndex={-1}
                      ref={(element) => {
                        choiceHeadings.current[key] = element;
                      }}
                    >
                      {path.name}
                    </h3>
                    <p>{path.tagline}</p>
                    <S.StagePreview aria-label={`${path.stages.length} stages`}>
                      {path.stages.map((stage) => (
                        <li key={stage.stage}>{stage.stage}</li>
                      ))}
                    </S.StagePreview>
                    <Button variant={key === 'alternative' ? 'primary' : 'secondary'} onClick={() => choose(key)}>
                      {path.chooseLabel}
                    </Button>
                  </S.ChoiceCard>
                );
              })}
            </S.Choices>
          </>
        ) : (
          <Journey
            view={view}
            headingRef={journeyHeading}
            outcomeRef={outcomeHeading}
            onContinue={next}
            onStartOver={() => reset()}
            onTryOther={() => reset(otherPath(view.path))}
          />
        )}
      </Container>
    </Section>
  );
}

interface JourneyProps {
  view: ExplorerView;
  headingRef: RefObject<HTMLHeadingElement | null>;
  outcomeRef: RefObject<HTMLHeadingElement | null>;
  onContinue: () => void;
  onStartOver: () => void;
  onTryOther: () => void;
}

function Journey({ view, headingRef, outcomeRef, onContinue, onStartOver, onTryOther }: JourneyProps) {
  const path = PATHS[view.path];
  const percent = Math.round(view.progress * 100);
  const stageLabel = `Stage ${view.step + 1} of ${view.count}`;
  return (
    <S.Journey $path={view.path}>
      <S.JourneyHeading ref={headingRef} tabIndex={-1}>
        {path.name}
      </S.JourneyHeading>

      <S.ProgressRow>
        <span>{stageLabel}</span>
        <span>{percent}%</span>
      </S.ProgressRow>
      <S.Progress
        role="progressbar"
        aria-label="Journey progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={stageLabel}
      >
        <S.ProgressFill $path={view.path} style={{ width: `${percent}%` }} />
      </S.Progress>

      <S.Track aria-label="Stages">
        {path.stages.map((stage, index) => (
          <S.TrackItem
            key={stage.stage}
            $state={index < view.step ? 'done' : index === view.step ? 'current' : 'todo'}
            aria-current={index === view.step ? 'step' : undefined}
          >
            {stage.stage}
          </S.TrackItem>
        ))}
      </S.Track>

      {/* Announced politely, so 'Continue Journey' can keep the focus while the stage changes. */}
      <S.StageCard aria-live="polite" $path={view.path} key={`${view.path}-${view.step}`}>
        <S.StageIcon>
          <EmotionIcon name={view.stage.icon} size={72} />
        </S.StageIcon>
        <div>
          <S.StageName>{view.stage.stage}</S.StageName>
          <S.Emotion>Feeling: {view.stage.emotion}</S.Emotion>
          <p>{view.stage.description}</p>
        </div>
      </S.StageCard>

      {view.isLast ? (
        <>
          <S.Outcome $path={view.path}>
            <h3 ref={outcomeRef} tabIndex={-1}>
              {path.outcome.title}
            </h3>
            <p>{path.outcome.text}</p>
          </S.Outcome>

          <S.ComparisonTitle>Two paths, side by side</S.ComparisonTitle>
          <S.Comparison>
            {PATH_KEYS.map((key) => (
              <S.CompareCard key={key} $path={key} $current={key === view.path}>
                <h4>{PATHS[key].name}</h4>
                <dl>
                  {COMPARISON_ROWS.map((row, index) => (
                    <div key={row}>
                      <dt>{row}</dt>
                      <dd>{PATHS[key].comparison[index]}</dd>
                    </div>
                  ))}
                </dl>
              </S.CompareCard>
            ))}
          </S.Comparison>

          <S.Actions>
            <Button onClick={onStartOver}>Start Over</Button>
            <Button variant="secondary" onClick={onTryOther}>
              Try the Other Path
            </Button>
            <ButtonLink to={paths.method} variant="ghost">
              Learn the Method
            </ButtonLink>
          </S.Actions>
        </>
      ) : (
        <S.Actions>
          <Button size="lg" onClick={onContinue}>
            Continue Journey
          </Button>
        </S.Actions>
      )}
    </S.Journey>
  );
}
