// Saved searches (issue 33, decision 041): a person's saved /home searches, their new counts, and the
// check that tells them of new posts matching one.
export { checkSavedSearches, matchesOf, sweepSavedSearchHits } from './matching';
export { savedSearchRoutes } from './routes';
export { forgetSavedSearchesOf, savedSearchesOf } from './service';
