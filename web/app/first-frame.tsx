// The page's first frame (decision 036): the app's layout as it first draws when nothing is known yet,
// the header with the marketplace's name and the menu button, no links, and an empty main. Rendered
// into index.html's #root at build time (scripts/first-frame.ts), so a phone paints it as soon as the
// HTML and the CSS are in, while the scripts still load. The app's first render draws the same layout
// into the same nodes (Preact keeps the DOM it finds when it matches), so the header does not flicker.
import { MemoryRouter } from 'react-router';
import { AuthNotYetKnown } from '../features/auth';
import { Layout } from './layout';

// A path no header link points to: the frame marks no link as the current page.
const NO_PAGE = '/first-frame';

export function FirstFrame() {
  return (
    <MemoryRouter initialEntries={[NO_PAGE]}>
      <AuthNotYetKnown>
        <Layout />
      </AuthNotYetKnown>
    </MemoryRouter>
  );
}
