// Share a post or a seller's page (decision 026): the phone's share sheet where the browser has one
// (navigator.share), else a WhatsApp link that asks whom to send it to, with the same text and link.
import { Share2 } from 'lucide-react';
import { whatsappShareHref } from '../../../../shared/phone';
import { Button, buttonClass } from '../../../components/ui/button';

export function ShareButton({ title, text, path }: { title: string; text: string; path: string }) {
  const url = new URL(path, window.location.origin).toString();
  const icon = <Share2 aria-hidden="true" className="size-5" />;
  if (typeof navigator.share !== 'function') {
    return (
      <a
        href={whatsappShareHref(`${text} ${url}`)}
        target="_blank"
        rel="noopener"
        className={buttonClass('secondary')}
      >
        {icon}
        Share on WhatsApp
      </a>
    );
  }
  // A closed sheet rejects with AbortError: nothing to say.
  const share = () => navigator.share({ title, text, url }).catch(() => undefined);
  return (
    <Button variant="secondary" onClick={share}>
      {icon}
      Share
    </Button>
  );
}
