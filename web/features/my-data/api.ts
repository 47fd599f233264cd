// The my-data calls (issue 31): the export is a download the browser makes itself (a link to it), and
// deleting the account.
import { call, pathOf } from '../../lib/client';

/** Where the JSON download of everything held about the signed-in user is. */
export const exportHref = () => pathOf('exportAccount');

export const deleteAccount = (password: string) => call('deleteAccount', { body: { password } });
