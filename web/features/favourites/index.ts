// The favourites feature's public face (issue 14): the Save toggle, the cards' saved state and the
// saved list.
export { useFavouritesList, useSavedState } from './api';
export { SaveButton } from './components/save-button';
export { UnlistedSavedCard } from './components/unlisted-saved-card';
