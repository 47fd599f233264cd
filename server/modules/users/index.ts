// A person's own profile and password (spec §7: fetch-user, update-user, change-password and the two
// /pass steps). The account row itself is the auth module's.
export { userRoutes } from './routes';
