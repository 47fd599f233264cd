// Request schemas of the moderation calls (issue 11); answers are in shared/schemas/moderation.ts.
import { z } from 'zod';
import { ROLES } from '../../../shared/roles';
import { idSchema } from '../../../shared/validation';
import { noteSchema } from '../reports/schemas';

export const targetIdParams = z.object({ id: idSchema('Invalid ID') });
/** Every decision may say why (the audit log shows it); the body may be left out. */
export const decisionBody = z.object({ reason: noteSchema('Reason').nullish() }).nullish();
export const roleBody = z.object({
  role: z.enum(ROLES, `role must be one of: ${ROLES.join(', ')}.`),
  reason: noteSchema('Reason').nullish(),
});
export const queueQuery = z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) });
export const actionsQuery = z.object({ cursor: z.string().max(200).optional() });
