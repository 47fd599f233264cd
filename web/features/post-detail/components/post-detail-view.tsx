// The full post (spec §2 Post detail view): the large image and gallery, type, name, price and place,
// the details (as typed, whitespace kept) right after them (issue 34: what a buyer reads first), then
// the facts and contact, the posting date; its safety warning and the seller's trust line (issue 11).
// Slots other features fill: `engagement` after the details (like and save), `message` first among
// the ways to contact the seller ('Message seller', issue 32), `report` beside the posting date,
// `stats` (view statistics) and `comments`.
import { MapPin } from 'lucide-react';
import { type ReactNode, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { PostDetail } from '../../../../shared/api-types';
import { formatPostingDate } from '../../../../shared/format';
import { MSG } from '../../../../shared/messages';
import { MODERATION_LABELS } from '../../../../shared/moderation';
import { Avatar } from '../../../components/ui/avatar';
import { Badge, StatusBadge, TypeBadge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { SafetyWarning } from '../../../components/ui/safety-warning';
import { itemOf, priceOf } from '../../../lib/post-item';
import { ContactLinks } from './contact-links';
import { PostImages } from './post-images';
import { SellerTrust } from './seller-trust';
import { ShareButton } from './share-button';

export interface PostDetailViewProps {
  post: PostDetail;
  /** After the details: the like and save buttons. */
  engagement?: ReactNode;
  /** 'Message seller', before the phone and WhatsApp links (none for the post's owner). */
  message?: ReactNode;
  /** Beside the posting date: the Report button. */
  report?: ReactNode;
  /** View statistics, after the facts. */
  stats?: ReactNode;
  /** The comments section, below the facts. */
  comments?: ReactNode;
  /** Move focus to the post's name when the view opens (it replaced the list the user was in). */
  focusHeading?: boolean;
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7rem_1fr] items-baseline gap-3 py-2.5 sm:grid-cols-[10rem_1fr] sm:gap-4">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="break-words text-slate-900">{children}</dd>
    </div>
  );
}

export function PostDetailView({
  post,
  engagement,
  message,
  report,
  stats,
  comments,
  focusHeading,
}: PostDetailViewProps) {
  const item = itemOf(post);
  const postedOn = post.publishedAt ?? post.createdAt;
  // Sold, or not renewed in time (issue 14): nobody to call about it.
  const offMarket = item.status === 'sold' || post.expired;
  // A number the seller shows, or the in-app message (a seller may keep the number private).
  const contactable = !offMarket && (post.phoneNumber.trim() !== '' || message != null);
  const heading = useRef<HTMLHeadingElement>(null);
  // Once, when the view opens in place of a list: the reader starts at the post's name.
  // biome-ignore lint/correctness/useExhaustiveDependencies: on open only, not when the data refreshes
  useEffect(() => {
    if (focusHeading) heading.current?.focus();
  }, []);
  return (
    <article className="space-y-6">
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <PostImages images={post.images} name={item.name} />
        <div className="space-y-4">
          <div className="space-y-2">
            <div className="flex flex-wrap gap-1.5">
              <TypeBadge type={item.type} />
              {/* Only its owner and moderators ever see a post moderation keeps back. */}
              {item.moderation !== 'visible' ? (
                <Badge tone={item.moderation === 'removed' ? 'danger' : 'warning'}>
                  {MODERATION_LABELS[item.moderation]}
                </Badge>
              ) : null}
              <StatusBadge status={item.status} />
              {post.expired ? <Badge tone="warning">Expired</Badge> : null}
            </div>
            <h1
              ref={heading}
              tabIndex={focusHeading ? -1 : undefined}
              className="text-2xl font-bold tracking-tight break-words text-slate-900 outline-none md:text-3xl"
            >
              {item.name}
            </h1>
            <p className="text-2xl font-bold text-brand-800">{priceOf(item)}</p>
            <p className="flex items-center gap-1.5 text-slate-700">
              <MapPin aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
              <span className="break-words">
                {item.location}, {item.city}
              </span>
            </p>
            {item.status !== 'available' ? (
              <p className="text-slate-700">
                {item.status === 'sold' ? MSG.status.soldNote : MSG.status.reservedNote}
              </p>
            ) : null}
            {post.expired ? <p className="text-slate-700">{MSG.expiry.expiredNote}</p> : null}
          </div>
          {post.safetyWarning ? <SafetyWarning text={post.safetyWarning} /> : null}
          <Card as="section" frame="outlined" padding="compact" aria-labelledby={`details-${post.id}`}>
            <h2 id={`details-${post.id}`} className="mb-2 text-lg font-semibold text-slate-900">
              Details
            </h2>
            <p className="whitespace-pre-wrap break-words text-slate-800">{item.details}</p>
          </Card>
          {engagement ? <div>{engagement}</div> : null}
          {/* Nothing to pass on about a sold or expired post. */}
          {offMarket ? null : (
            <ShareButton
              title={item.name}
              text={`${item.name}, ${priceOf(item)}`}
              path={`/posts/${post.id}`}
            />
          )}
          <Card as="dl" frame="outlined" padding="none" className="divide-y divide-slate-200 px-4">
            <Fact label="City">{item.city}</Fact>
            <Fact label="Category">{item.category}</Fact>
            <Fact label="Payment methods">{item.paymentMethods}</Fact>
            <Fact label="Looking to">{item.sell_or_buy}</Fact>
            <Fact label="Location">{item.location}</Fact>
            <Fact label="Posted by">
              <Link
                to={`/users/${item.userId}`}
                className="inline-flex items-center gap-2 font-medium text-brand-800 underline-offset-2 hover:underline"
              >
                <Avatar name={post.userName} size="sm" tone="brand-50" />
                {post.userName}
              </Link>
              <SellerTrust memberSince={post.memberSince} />
            </Fact>
            {/* A sold or expired post has no one to call about it. */}
            {contactable ? (
              <Fact label="Contact">
                <div className="flex flex-wrap items-center gap-2">
                  {message}
                  <ContactLinks phone={post.phoneNumber} name={item.name} postId={post.id} />
                </div>
              </Fact>
            ) : null}
          </Card>
          <div className="-mt-2 flex flex-wrap items-center justify-between gap-x-3">
            <dl className="flex gap-1.5 py-2 text-sm text-slate-600">
              <dt>Posted on</dt>
              <dd className="text-slate-900">
                <time dateTime={postedOn}>{formatPostingDate(postedOn)}</time>
              </dd>
            </dl>
            {report}
          </div>
          {stats ? <div>{stats}</div> : null}
        </div>
      </div>
      {comments ? <div>{comments}</div> : null}
      {/* On a phone the contact buttons stay at the bottom of the screen while the post is read (the
          Contact row is far down): the last child of the article, sticky to the screen's bottom. While
          a text box in the post has focus (a comment being written, the keyboard open) it steps aside,
          keeping its place, so it never covers what is typed (issue 34). */}
      {contactable ? (
        <section
          aria-label="Contact the seller"
          className="sticky bottom-0 z-20 -mx-4 flex items-center [article:has(textarea:focus)_&]:invisible gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 shadow-[0_-2px_8px_rgba(15,23,42,0.08)] md:hidden"
        >
          {message ? <div className="min-w-0 flex-1 [&>*]:w-full">{message}</div> : null}
          <ContactLinks
            phone={post.phoneNumber}
            name={item.name}
            postId={post.id}
            compact={message != null}
          />
        </section>
      ) : null}
    </article>
  );
}
