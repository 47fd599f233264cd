// Post Preview (spec §2): the item the create form passed through navigation state. Changes (Save,
// Publish) are written back into that state, so a reload shows the post as it now is.
import { useRef } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import type { ImageDto, ItemDto } from '../../shared/api-types';
import { MSG } from '../../shared/messages';
import { buttonClass } from '../components/ui/button';
import { Card } from '../components/ui/card';
import { Page } from '../components/ui/page';
import { Toast, useToast } from '../components/ui/toast';
import { useSignedInUser } from '../features/auth';
import { PostPreview, type PreviewState, readPreviewState } from '../features/listings';

export default function Preview() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useSignedInUser();
  const { toast, show } = useToast();
  const state = readPreviewState(location.state);
  // The newest state, also between a write and the render that follows it: an image removal and a
  // Save can finish close together, and neither may undo the other.
  const latest = useRef(state);
  latest.current = state;

  const write = (change: Partial<PreviewState>) => {
    if (!latest.current) return;
    const next: PreviewState = { ...latest.current, ...change };
    latest.current = next;
    navigate(location.pathname, { replace: true, state: next });
  };
  const onItemChange = (item: ItemDto) => write({ item });
  const onImagesChange = (images: ImageDto[]) => write({ images });

  return (
    <Page title="Post Preview" width="medium">
      {state ? (
        <PostPreview
          state={state}
          isOwner={state.item.userId === user.id}
          onItemChange={onItemChange}
          onImagesChange={onImagesChange}
          notify={show}
        />
      ) : (
        <Card className="space-y-4 text-center">
          <p className="text-slate-800">{MSG.preview.noDetails}</p>
          <Link to="/create" className={buttonClass('primary')}>
            Create a post
          </Link>
        </Card>
      )}
      <Toast toast={toast} />
    </Page>
  );
}
