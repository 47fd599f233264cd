// Saved searches (issue 33): the /home searches and filters the reader saved, with how many posts are
// new in each; opening one shows it on /home.
import { MSG } from '../../shared/messages';
import { Page } from '../components/ui/page';
import { SavedSearchList } from '../features/notifications';

export default function SavedSearches() {
  return (
    <Page title={MSG.savedSearches.title} width="medium">
      <SavedSearchList />
    </Page>
  );
}
