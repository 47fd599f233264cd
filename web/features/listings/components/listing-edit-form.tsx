// The Post Preview's Edit mode (spec §2, §4): the same fields and checks as the create form, then
// Save -> edit-post. A failure keeps the edits and says why.
import { type FormEvent, useRef, useState } from 'react';
import type { ItemDto } from '../../../../shared/api-types';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { clientErrorReason, clientFieldErrors } from '../../../lib/http';
import { useEditPost } from '../api';
import {
  fieldsOf,
  type ListingErrors,
  type ListingFields,
  toListingErrors,
  validateListing,
} from '../listing-fields';
import { LISTING_TEXT } from '../messages';
import { ListingFieldsEditor } from './listing-fields-editor';
import { useFocusFirstInvalid } from './use-focus-invalid';

export function ListingEditForm({
  item,
  onCancel,
  onSaved,
}: {
  item: ItemDto;
  onCancel(): void;
  onSaved(item: ItemDto): void;
}) {
  const formRef = useRef<HTMLFormElement>(null);
  const [fields, setFields] = useState<ListingFields>(() => fieldsOf(item));
  const [errors, setErrors] = useState<ListingErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const save = useEditPost(item.userId);
  useFocusFirstInvalid(formRef, errors);

  const onChange = (field: keyof ListingFields, value: string) => {
    setFields((f) => ({ ...f, [field]: value }));
    if (errors[field]) setErrors(({ [field]: _, ...rest }) => rest);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const { input, errors: found } = validateListing(item.type, item.sell_or_buy, fields);
    setErrors(found);
    setFailure(null);
    if (!input) return;
    save.mutate(
      { id: item.id, input },
      {
        onSuccess: onSaved,
        onError: (error) => {
          setErrors(toListingErrors(clientFieldErrors(error)));
          setFailure(clientErrorReason(error) ?? LISTING_TEXT.saveFailed);
        },
      },
    );
  };

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} className="space-y-5" aria-label="Edit post">
      <ListingFieldsEditor
        kind={item.type}
        fields={fields}
        errors={errors}
        onChange={onChange}
        disabled={save.isPending}
      />
      {failure ? (
        <Alert tone="error">
          <p className="font-medium">{LISTING_TEXT.saveFailed}</p>
          {failure !== LISTING_TEXT.saveFailed ? <p>{failure}</p> : null}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving...' : 'Save'}
        </Button>
      </div>
    </form>
  );
}
