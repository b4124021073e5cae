/** The day's prompt: title, text, category and difficulty (stars, with the number read out). */
import type { ReflectionPrompt } from '@prr/contract';
import styled from 'styled-components';

const MAX_DIFFICULTY = 3;

export function PromptCard({ prompt }: { prompt: ReflectionPrompt }) {
  const stars = '★'.repeat(prompt.difficulty) + '☆'.repeat(Math.max(0, MAX_DIFFICULTY - prompt.difficulty));
  return (
    <Card aria-labelledby="prompt-title">
      <Meta>
        <Category>{prompt.category}</Category>
        <Difficulty>
          <span aria-hidden>{stars}</span>
          <span className="visually-hidden">
            Difficulty {prompt.difficulty} of {MAX_DIFFICULTY}
          </span>
        </Difficulty>
      </Meta>
      <Kicker>Day {prompt.day} prompt</Kicker>
      <h3 id="prompt-title">{prompt.title}</h3>
      <Prompt>{prompt.prompt}</Prompt>
    </Card>
  );
}

const Card = styled.section`
  padding: ${({ theme }) => theme.space.lg};
  border-radius: ${({ theme }) => theme.radii.lg};
  background: linear-gradient(135deg, ${({ theme }) => theme.colors.ink}, #4a3727);
  color: ${({ theme }) => theme.colors.paper};
  box-shadow: ${({ theme }) => theme.shadows.raised};
  h3 {
    font-size: ${({ theme }) => theme.fontSizes['2xl']};
    margin: 0 0 ${({ theme }) => theme.space.sm};
  }
`;

const Meta = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  margin-bottom: ${({ theme }) => theme.space.md};
`;

const Category = styled.span`
  padding: 0.15rem 0.7rem;
  border-radius: ${({ theme }) => theme.radii.pill};
  background: ${({ theme }) => theme.colors.brandSoft};
  color: ${({ theme }) => theme.colors.brandDark};
  font-size: ${({ theme }) => theme.fontSizes.sm};
  font-weight: 700;
`;

const Difficulty = styled.span`
  color: #fcd34d;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  letter-spacing: 0.1em;
`;

const Kicker = styled.p`
  margin: 0 0 ${({ theme }) => theme.space.xs};
  font-size: ${({ theme }) => theme.fontSizes.xs};
  text-transform: uppercase;
  letter-spacing: 0.1em;
  color: #f5ead9;
`;

const Prompt = styled.p`
  margin: 0;
  font-size: ${({ theme }) => theme.fontSizes.lg};
  line-height: 1.5;
`;
