// A list of cards with their engagement bars, as the feeds draw them: the card-count tests render it.
import { CardEngagementBar } from './components/card-engagement-bar';
import { useCardEngagement } from './use-card-engagement';

export function Cards({ ids }: { ids: number[] }) {
  useCardEngagement(ids);
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <CardEngagementBar postId={id} />
        </li>
      ))}
    </ul>
  );
}
