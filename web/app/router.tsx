// The route table of spec §2. Screens load on demand so the first page downloads only what it shows.
import { lazy } from 'react';
import { createBrowserRouter } from 'react-router';
import { RequireAuth, RequireModerator } from './guard';
import { Layout } from './layout';

const SignUp = lazy(() => import('../routes/sign-up'));
const SignIn = lazy(() => import('../routes/sign-in'));
const About = lazy(() => import('../routes/about'));
const Infinite = lazy(() => import('../routes/infinite'));
const Home = lazy(() => import('../routes/home'));
const PostPage = lazy(() => import('../routes/post'));
const SellerPage = lazy(() => import('../routes/seller'));
const Create = lazy(() => import('../routes/create'));
const ListingForm = lazy(() => import('../routes/listing-form'));
const Preview = lazy(() => import('../routes/preview'));
const Account = lazy(() => import('../routes/account'));
const Profile = lazy(() => import('../routes/profile'));
const Password = lazy(() => import('../routes/password'));
const Saved = lazy(() => import('../routes/saved'));
const Moderation = lazy(() => import('../routes/moderation'));
const NotFound = lazy(() => import('../routes/not-found'));

export const router = createBrowserRouter([
  {
    element: <Layout />,
    children: [
      { index: true, element: <SignUp /> },
      { path: 'signup', element: <SignUp /> },
      { path: 'login', element: <SignIn /> },
      { path: 'about', element: <About /> },
      { path: 'infinite', element: <Infinite /> },
      // Shareable post links open for visitors too, like the rolling feed.
      { path: 'posts/:postId', element: <PostPage /> },
      { path: 'users/:userId', element: <SellerPage /> },
      {
        element: <RequireAuth />,
        children: [
          { path: 'home', element: <Home /> },
          { path: 'create', element: <Create /> },
          { path: 'product/:type', element: <ListingForm kind="product" /> },
          { path: 'service/:type', element: <ListingForm kind="service" /> },
          { path: 'product-preview', element: <Preview /> },
          { path: 'account', element: <Account /> },
          { path: 'profile', element: <Profile /> },
          { path: 'pass', element: <Password /> },
          { path: 'saved', element: <Saved /> },
        ],
      },
      // Moderators only (issue 11): visitors go to /login, members are told they are not allowed.
      { element: <RequireModerator />, children: [{ path: 'moderation', element: <Moderation /> }] },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
