// The Post Preview's Edit mode (spec §2, §4): the same fields and checks as the create form, then
// Save -> edit-post. A failure keeps the edits and says why. Unsaved edits are kept on the device per
// post (decision 026) until saved or cancelled.
import { useEffect, useState } from 'react';
import type { ItemDto } from '../../../../shared/api-types';
import type { PostInput } from '../../../../shared/validation';
import { Alert } from '../../../components/ui/alert';
import { Form, SaveCancel } from '../../../components/ui/form';
import { useForm } from '../../../components/ui/use-form';
import { clientErrorReason } from '../../../lib/http';
import { useEditPost } from '../api';
import { draftId } from '../drafts';
import { checkListing, fieldsOf, LISTING_FIELD_ALIASES, type ListingFields } from '../listing-fields';
import { LISTING_TEXT } from '../messages';
import { useListingDraft } from '../use-listing-draft';
import { DraftNotice } from './draft-notice';
import { ListingFieldsEditor } from './listing-fields-editor';

export function ListingEditForm({
  item,
  onCancel,
  onSaved,
}: {
  item: ItemDto;
  onCancel(): void;
  onSaved(item: ItemDto): void;
}) {
  const save = useEditPost(item.userId);
  const [current] = useState(() => fieldsOf(item));
  const draft = useListingDraft(draftId(item.userId, `edit:${item.id}`), current);
  const form = useForm<ListingFields, PostInput>({
    initial: draft.initial,
    validate: (fields) => checkListing(item.type, item.sell_or_buy, fields),
    fieldAliases: LISTING_FIELD_ALIASES,
    clearErrorOnChange: true,
  });

  const onSubmit = async (input: PostInput) => {
    let saved: ItemDto;
    try {
      saved = await save.mutateAsync({ id: item.id, input });
    } catch (error) {
      form.showServerErrors(error);
      form.setFormError(clientErrorReason(error) ?? LISTING_TEXT.saveFailed);
      return;
    }
    draft.done();
    onSaved(saved);
  };

  const { save: saveDraft } = draft;
  useEffect(() => saveDraft(form.values, 0), [saveDraft, form.values]);

  const cancel = () => {
    draft.discard();
    onCancel();
  };

  return (
    <Form form={form} onSubmit={onSubmit} className="space-y-5" aria-label="Edit post">
      {draft.restored ? (
        <DraftNotice
          onDiscard={() => {
            draft.discard();
            form.reset(current);
          }}
        />
      ) : null}
      <ListingFieldsEditor kind={item.type} field={form.field} disabled={form.submitting} />
      {form.formError ? (
        <Alert tone="error">
          <p className="font-medium">{LISTING_TEXT.saveFailed}</p>
          {form.formError !== LISTING_TEXT.saveFailed ? <p>{form.formError}</p> : null}
        </Alert>
      ) : null}
      <SaveCancel submitting={form.submitting} onCancel={cancel} />
    </Form>
  );
}
