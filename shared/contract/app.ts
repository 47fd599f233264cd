// What the app itself answers: the settings the browser may see.
import { z } from 'zod';
import { area } from './define';

export const appCalls = area('app', {
  config: {
    summary: 'The public settings: contact address, version and the display time zone',
    responses: {
      200: z.object({ contactEmail: z.string(), version: z.string(), displayTimeZone: z.string() }),
    },
    errors: [],
  },
});
