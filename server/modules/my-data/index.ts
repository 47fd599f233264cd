// A person's own data (issue 31): the export of everything held about them, and deleting the account.
export { myDataRoutes } from './routes';
