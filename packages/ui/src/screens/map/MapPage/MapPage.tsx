/**
 * /map, the Movement Map (docs/product/screens.md#movement-map): the goal and how far the movement has come,
 * the participation map, its legend and the Top States, Progress and Coverage cards. The page is
 * static; the figures and the map are islands that read the counts (docs/decisions/031-islands.md).
 */
import styled from 'styled-components';
import { paths } from '../../../config';
import { Island } from '../../../islands/Island';
import { ButtonLink, Container, Page, Section, SectionLead } from '../../../primitives';
import { media } from '../../../theme';
import { MapFigures } from '../MapFigures';
import { MovementMap } from '../MovementMap';

export function MapPage() {
  return (
    <Page>
      <Hero $tone="sand" aria-labelledby="map-title">
        <Container>
          <Title id="map-title">Join the National Movement</Title>
          <SectionLead>Help Our Country Become More United</SectionLead>
          <Island component={MapFigures} load="idle" />
          <Actions>
            <ButtonLink to={paths.experiment} size="lg">
              Join the Experiment
            </ButtonLink>
          </Actions>
        </Container>
      </Hero>

      <Section aria-labelledby="map-section-title">
        <Container>
          <SectionHeading id="map-section-title">Peacemakers across America</SectionHeading>
          <Island component={MovementMap} load="visible" />
        </Container>
      </Section>
    </Page>
  );
}

const Hero = styled(Section)`
  text-align: center;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes['4xl']};
  margin: 0 0 ${({ theme }) => theme.space.sm};
`;

const Actions = styled.div`
  display: flex;
  justify-content: center;
`;

const SectionHeading = styled.h2`
  font-size: ${({ theme }) => theme.fontSizes['2xl']};
  margin: 0 0 ${({ theme }) => theme.space.lg};
  text-align: center;
  ${media.md} {
    font-size: ${({ theme }) => theme.fontSizes['3xl']};
  }
`;
