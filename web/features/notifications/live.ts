// The notifications' part of the tab's one live stream (the conversations feature holds it; the layout
// passes this in): a `notification` event goes first into the loaded list, and a reconnect that may
// have missed some asks for the list again. The count comes with the stream's `unread` events, which
// the conversations feature writes into the header's counts (messages and notifications alike).
import type { LiveListener } from '../conversations';
import { addNotification, type Notification, notificationsKeys } from './api';

export const notificationsLive: LiveListener = {
  events: {
    notification: (queryClient, data) => addNotification(queryClient, data as Notification),
  },
  missed: (queryClient) => void queryClient.invalidateQueries({ queryKey: notificationsKeys.list }),
};
