// How to reach the poster: a tap-to-call link and, for a Zimbabwean mobile, a WhatsApp chat (how people
// here reach each other) with a message naming the post and linking to it (shared/phone.ts). The first time someone taps either, a short
// safety note comes first (issue 11); its Continue is the same link, so the call or chat still opens
// from the tap. Seen once, it is remembered in localStorage and never shown again. A post without a
// number (its seller keeps it private, issue 32) renders nothing here.
import { MessageCircle, Phone } from 'lucide-react';
import { type MouseEvent, type ReactNode, useState } from 'react';
import { MSG } from '../../../../shared/messages';
import { telHref, whatsappHref } from '../../../../shared/phone';
import { Button, buttonClass } from '../../../components/ui/button';
import { Modal, ModalActions } from '../../../components/ui/modal';

/** The localStorage key that remembers the safety note was read. */
export const SAFETY_NOTE_KEY = 'contactSafetyNoteSeen';

function noteSeen(): boolean {
  try {
    return localStorage.getItem(SAFETY_NOTE_KEY) === 'true';
  } catch {
    return false;
  }
}

function rememberNoteSeen() {
  try {
    localStorage.setItem(SAFETY_NOTE_KEY, 'true');
  } catch {
    // Storage is off (a private window): the note shows again next time, which is harmless.
  }
}

/** The post's shareable address on this site. */
const postUrl = (postId: number) => `${window.location.origin}/posts/${postId}`;

const whatsappMessage = (name: string, postId: number) =>
  `Hello, I saw your post "${name}" on Zim Marketplace: ${postUrl(postId)}`;

interface Contact {
  href: string;
  /** WhatsApp opens in a new tab; a call stays here. */
  newTab: boolean;
}

/** A link to `contact`; `onClick` may hold it back (the safety note first). */
function ContactLink({
  contact,
  onClick,
  className,
  label,
  children,
}: {
  contact: Contact;
  onClick(event: MouseEvent): void;
  className: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <a
      href={contact.href}
      target={contact.newTab ? '_blank' : undefined}
      rel={contact.newTab ? 'noopener noreferrer' : undefined}
      onClick={onClick}
      className={className}
      aria-label={label}
    >
      {children}
    </a>
  );
}

/**
 * `compact`: icons only (beside 'Message seller' in the phone's bottom bar), their names for screen
 * readers. WhatsApp is a secondary choice: messages in the app are the safer way (issue 32).
 */
export function ContactLinks({
  phone,
  name,
  postId,
  compact = false,
}: {
  phone: string;
  name: string;
  postId: number;
  compact?: boolean;
}) {
  const tel = telHref(phone);
  const whatsapp = whatsappHref(phone, whatsappMessage(name, postId));
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<Contact | null>(null);
  // No number: the seller keeps it off their posts (issue 32; buyers message them instead), or the post
  // is sold or expired. Nothing to call, so nothing at all, not an 'N/A' or a dead link.
  if (!phone.trim()) return null;
  // A number saved before the phone rule (decision 015) that nobody can call: shown as written, no link.
  if (!tel) return <span className="text-slate-700">{phone.trim()}</span>;

  const noteFirst = (contact: Contact) => (event: MouseEvent) => {
    if (noteSeen()) return;
    event.preventDefault();
    setChosen(contact);
    setOpen(true);
  };
  const call = { href: tel, newTab: false };
  const chat = whatsapp ? { href: whatsapp, newTab: true } : null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <ContactLink
        contact={call}
        onClick={noteFirst(call)}
        className={buttonClass('secondary', compact ? 'w-11 px-0' : 'px-3')}
        label={`Call ${phone}`}
      >
        <Phone aria-hidden="true" className={compact ? 'size-5' : 'size-4'} />
        {compact ? null : phone}
      </ContactLink>
      {chat ? (
        <ContactLink
          contact={chat}
          onClick={noteFirst(chat)}
          className={buttonClass('secondary', compact ? 'w-11 px-0' : 'px-3')}
          label={compact ? 'WhatsApp' : undefined}
        >
          <MessageCircle aria-hidden="true" className={compact ? 'size-5' : 'size-4'} />
          {compact ? null : 'WhatsApp'}
        </ContactLink>
      ) : null}
      <Modal
        open={open}
        title="Before you get in touch"
        onClose={() => setOpen(false)}
        describe
        closeButton={false}
      >
        <p>{MSG.safety.contactNote}</p>
        <ModalActions>
          <Button variant="secondary" onClick={() => setOpen(false)}>
            Cancel
          </Button>
          {chosen ? (
            <ContactLink
              contact={chosen}
              onClick={() => {
                rememberNoteSeen();
                setOpen(false);
              }}
              className={buttonClass('primary')}
            >
              {MSG.safety.contactContinue}
            </ContactLink>
          ) : null}
        </ModalActions>
      </Modal>
    </div>
  );
}
