// GET /api/fetch-user, PUT /api/update-user, POST /api/change-password, POST /api/current-user-password,
// POST /api/update-password (spec §7, DESIGN §4). All need a session; a user id sent by the client must
// be the session's own.
import { MSG } from '../../../shared/messages';
import { actorOf, selfOf, sessionOf } from '../../actor';
import { BODY_LIMITS } from '../../body-limits';
import type { RoutesPlugin } from '../../deps';
import { perUser } from '../../plugins/write-limits';
import { route } from '../../route';
import { getContactSettings, setContactSettings } from './contact-settings';
import { changePassword, editProfile, getProfile, updatePassword, verifyCurrentPassword } from './service';

export const userRoutes: RoutesPlugin = async (app, deps) => {
  const { config } = deps;
  // A password check counts like a sign-in attempt from the address.
  const passwordCheck = {
    bodyLimit: BODY_LIMITS.credentials,
    rateLimit: { max: config.rateLimits.loginAttemptsPerIp, timeWindow: config.rateLimits.windowMs },
  };
  const profileChange = {
    bodyLimit: BODY_LIMITS.credentials,
    rateLimit: perUser(config.writeLimits.updateProfile),
  };

  route(app, 'fetchUser', {}, async (request, reply) => {
    const actor = selfOf(request, request.query.userId);
    reply.header('cache-control', 'no-store');
    return getProfile(deps, actor.id);
  });

  // A new name or phone shows on the user's posts; the session says who they are.
  route(app, 'updateUser', { ...profileChange, invalidates: ['feed', 'sessions'] }, async (request) => {
    selfOf(request, request.body.userId);
    const { name, email, phoneNumber, currentPassword } = request.body;
    const input = { name, email, phoneNumber, currentPassword };
    const user = await editProfile(deps, sessionOf(request), request.ip, input);
    return { message: MSG.profile.updated, ...user };
  });

  // A new password ends the account's other sessions.
  route(app, 'changePassword', { ...passwordCheck, invalidates: ['sessions'] }, async (request) => {
    selfOf(request, request.body.userId);
    await changePassword(deps, sessionOf(request), request.ip, request.body);
    return { message: MSG.profile.changed };
  });

  route(app, 'currentUserPassword', { ...passwordCheck, invalidates: [] }, async (request) => {
    selfOf(request, request.body.currentUser);
    await verifyCurrentPassword(deps, sessionOf(request), request.ip, request.body.providedPassword);
    return { message: MSG.password.correct };
  });

  route(app, 'contactSettings', {}, async (request, reply) => {
    reply.header('cache-control', 'private, no-store');
    return getContactSettings(deps, actorOf(request).id);
  });

  // Whether posts show the number changes what every feed and post shows of them.
  route(
    app,
    'updateContactSettings',
    { rateLimit: perUser(config.writeLimits.updateProfile), invalidates: ['feed'] },
    async (request) => setContactSettings(deps, actorOf(request).id, request.body),
  );

  route(app, 'updatePassword', { ...profileChange, invalidates: ['sessions'] }, async (request) => {
    selfOf(request, request.body.currentUser);
    await updatePassword(deps, sessionOf(request), request.body.newPassword);
    return { message: MSG.password.updated };
  });
};
