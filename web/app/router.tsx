// The route table of spec §2. Screens load on demand so the first page downloads only what it shows.
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
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

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<SignUp />} />
        <Route path="signup" element={<SignUp />} />
        <Route path="login" element={<SignIn />} />
        <Route path="about" element={<About />} />
        <Route path="infinite" element={<Infinite />} />
        <Route path="posts/:postId" element={<PostPage />} />
        <Route path="users/:userId" element={<SellerPage />} />
        <Route element={<RequireAuth />}>
          <Route path="home" element={<Home />} />
          <Route path="create" element={<Create />} />
          <Route path="product/:type" element={<ListingForm kind="product" />} />
          <Route path="service/:type" element={<ListingForm kind="service" />} />
          <Route path="product-preview" element={<Preview />} />
          <Route path="account" element={<Account />} />
          <Route path="profile" element={<Profile />} />
          <Route path="pass" element={<Password />} />
          <Route path="saved" element={<Saved />} />
        </Route>
        <Route element={<RequireModerator />}>
          <Route path="moderation" element={<Moderation />} />
        </Route>
        <Route path="*" element={<NotFound />} />
      </Route>
    </Routes>
  );
}
