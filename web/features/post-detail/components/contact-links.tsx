// How to reach the poster: a tap-to-call link and a WhatsApp chat (how people here reach each other)
// with a message naming the post and linking to it.
import { MessageCircle, Phone } from 'lucide-react';
import { telHref, whatsappHref } from '../../../../shared/phone';
import { buttonClass } from '../../../components/ui/button';

/** The post's shareable address on this site. */
const postUrl = (postId: number) => `${window.location.origin}/posts/${postId}`;

const whatsappMessage = (name: string, postId: number) =>
  `Hello, I saw your post "${name}" on Zim Marketplace: ${postUrl(postId)}`;

export function ContactLinks({ phone, name, postId }: { phone: string; name: string; postId: number }) {
  const tel = telHref(phone);
  const whatsapp = whatsappHref(phone, whatsappMessage(name, postId));
  if (!tel) return <span className="text-slate-700">N/A</span>;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <a href={tel} className={buttonClass('secondary', 'px-3')} aria-label={`Call ${phone}`}>
        <Phone aria-hidden="true" className="size-4" />
        {phone}
      </a>
      {whatsapp ? (
        <a
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('primary', 'px-3')}
        >
          <MessageCircle aria-hidden="true" className="size-4" />
          WhatsApp
        </a>
      ) : null}
    </div>
  );
}
