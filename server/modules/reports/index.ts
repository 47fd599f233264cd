// Reports (issue 11): a member flags a post or comment; enough weight hides it for review.
export { reportRoutes } from './routes';
