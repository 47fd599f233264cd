// The rolling feed (spec §2 /infinite), open to visitors: the newest products and services as you scroll.
import { RollingFeed } from '../features/rolling-feed/components/rolling-feed';

export default function Infinite() {
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6">
      <RollingFeed title="Latest posts" />
    </div>
  );
}
