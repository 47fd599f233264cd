// Whether Data saver is on (decision 026), kept up to date as the reader switches it, here or in
// another tab.
import { useSyncExternalStore } from 'react';
import { isDataSaverOn, subscribeToDataSaver } from '../../lib/data-saver';

export const useDataSaver = () => useSyncExternalStore(subscribeToDataSaver, isDataSaverOn, () => false);
