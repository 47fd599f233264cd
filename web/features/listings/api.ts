// Calls of the listings feature (spec §7): create-post, edit-post, publish-post, publish-manager,
// my-created-posts, a post's images and deleting a post. The upload itself lives in upload.ts (it
// reports progress).
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ImageDto, ItemDto, MyPost } from '../../../shared/api-types';
import type { PostType } from '../../../shared/catalog';
import { IDEMPOTENCY_KEY_HEADER } from '../../../shared/idempotency';
import type { PostStatus } from '../../../shared/post-status';
import type { PostInput } from '../../../shared/validation';
import { call } from '../../lib/client';

export const listingsKeys = {
  all: ['listings'] as const,
  mine: (userId: number) => ['listings', 'mine', userId] as const,
  images: (type: PostType, postId: number) => ['listings', 'images', type, postId] as const,
};

/** The fields an item carries besides its identity, as create-post and edit-post take them. */
export const inputOf = (item: ItemDto): PostInput => {
  const base = {
    name: item.name,
    category: item.category,
    paymentMethods: item.paymentMethods,
    details: item.details,
    city: item.city,
    location: item.location,
    sell_or_buy: item.sell_or_buy,
    currency: item.currency,
  };
  return item.type === 'product'
    ? { ...base, type: 'product', price: item.price }
    : { ...base, type: 'service', rate: item.rate };
};

/** A fresh create-post Idempotency-Key (decision 026): 32 hex digits, from any page (no secure context needed). */
export const newCreateKey = () =>
  Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');

/** create-post with the attempt's Idempotency-Key: a retry of the same key answers the same post. */
export const createPost = (userId: number, input: PostInput, key: string) =>
  call('createPost', { body: { ...input, userId }, headers: { [IDEMPOTENCY_KEY_HEADER]: key } });

export const editPost = (userId: number, id: number, input: PostInput) =>
  call('editPost', { body: { ...input, id, userId } });

/** publish-post: the spec sends the post's fields with isPublished true. */
export const publishPost = (item: ItemDto) =>
  call('publishPost', {
    body: { ...inputOf(item), id: item.id, userId: item.userId, isPublished: true },
  });

/** publish-manager: the dashboard's toggle; the body carries the post's fields and the new state. */
export const setPublished = (item: ItemDto, isPublished: boolean) =>
  call('publishManager', { body: { ...inputOf(item), id: item.id, userId: item.userId, isPublished } });

/** PUT /api/posts/{postId}/status (issue 14). */
export const setPostStatus = (postId: number, status: PostStatus) =>
  call('setPostStatus', { params: { postId }, body: { status } });

/** POST /api/posts/{postId}/renew (issue 14): an expired post back at the top of the feeds. */
export const renewPost = (postId: number) => call('renewPost', { params: { postId } });

export const fetchMyPosts = (userId: number, signal?: AbortSignal) =>
  call('myCreatedPosts', { query: { userId } }, { signal });

export const fetchImages = (type: PostType, postId: number, signal?: AbortSignal) =>
  call('postImages', { params: { type, postId } }, { signal });

/** DELETE /api/files/{imageId}: answers the post's remaining images. */
export const removeImage = (imageId: number) => call('deleteImage', { params: { imageId } });

/** DELETE /api/posts/{postId}: the owner deletes the post with everything on it. */
export const deletePost = (postId: number) => call('deletePost', { params: { postId } });

export const myPostsQueryOptions = (userId: number) =>
  queryOptions({
    queryKey: listingsKeys.mine(userId),
    queryFn: ({ signal }) => fetchMyPosts(userId, signal).then((r) => r.posts),
    // The user's own list changes from other screens (create, preview): confirm it on every visit.
    staleTime: 0,
  });

export const useMyPosts = (userId: number) => useQuery(myPostsQueryOptions(userId));

export const postImagesQueryOptions = (type: PostType, postId: number) =>
  queryOptions({
    queryKey: listingsKeys.images(type, postId),
    queryFn: ({ signal }) => fetchImages(type, postId, signal).then((r) => r.images),
  });

/** A post's images; `known` (e.g. from navigation state) is shown until the server's list arrives. */
export function usePostImages(type: PostType, postId: number, known: ImageDto[]) {
  const query = useQuery({ ...postImagesQueryOptions(type, postId), placeholderData: known });
  return query.data ?? known;
}

/**
 * After a post changes: the listings queries refetch, and every other cached query (feeds, detail
 * views of other features) is marked stale so it refetches when next shown, without fetching now.
 */
function useAfterPostChange() {
  const queryClient = useQueryClient();
  return async () => {
    await queryClient.invalidateQueries({ queryKey: listingsKeys.all });
    await queryClient.invalidateQueries({ refetchType: 'none' });
  };
}

export function useCreatePost(userId: number) {
  const afterChange = useAfterPostChange();
  return useMutation({
    mutationFn: ({ input, key }: { input: PostInput; key: string }) => createPost(userId, input, key),
    onSuccess: afterChange,
  });
}

export function useEditPost(userId: number) {
  const afterChange = useAfterPostChange();
  return useMutation({
    mutationFn: ({ id, input }: { id: number; input: PostInput }) => editPost(userId, id, input),
    onSuccess: afterChange,
  });
}

/** Removes one of a post's uploaded images; the post's cached image list becomes the remaining ones. */
export function useRemoveImage(type: PostType, postId: number) {
  const queryClient = useQueryClient();
  const afterChange = useAfterPostChange();
  return useMutation({
    mutationFn: (imageId: number) => removeImage(imageId).then((r) => r.images),
    onSuccess: async (images) => {
      queryClient.setQueryData(listingsKeys.images(type, postId), images);
      await afterChange();
    },
  });
}

export function usePublishPost() {
  const afterChange = useAfterPostChange();
  return useMutation({ mutationFn: publishPost, onSuccess: afterChange });
}

/** The dashboard toggle: the cached list shows the new state at once, then the list is refetched. */
export function useTogglePublished(userId: number) {
  const queryClient = useQueryClient();
  const afterChange = useAfterPostChange();
  return useMutation({
    mutationFn: ({ item, isPublished }: { item: ItemDto; isPublished: boolean }) =>
      setPublished(item, isPublished),
    onSuccess: async (updated) => {
      queryClient.setQueryData<MyPost[]>(listingsKeys.mine(userId), (posts) => withItem(posts, updated));
      await afterChange();
    },
  });
}

/** Available, reserved or sold (issue 14): shown on the dashboard at once, then the list is read again. */
export function useSetPostStatus(userId: number) {
  const queryClient = useQueryClient();
  const afterChange = useAfterPostChange();
  return useMutation({
    mutationFn: ({ postId, status }: { postId: number; status: PostStatus }) => setPostStatus(postId, status),
    onSuccess: async (updated) => {
      queryClient.setQueryData<MyPost[]>(listingsKeys.mine(userId), (posts) => withItem(posts, updated));
      await afterChange();
    },
  });
}

/** Renews an expired post (issue 14); the dashboard list is read again (it is no longer expired). */
export function useRenewPost() {
  const afterChange = useAfterPostChange();
  return useMutation({ mutationFn: renewPost, onSuccess: afterChange });
}

/** The dashboard list with one post's item replaced by the server's answer. */
const withItem = (posts: MyPost[] | undefined, updated: ItemDto) =>
  posts?.map((post) =>
    post.id !== updated.id
      ? post
      : {
          ...post,
          Product: updated.type === 'product' ? updated : null,
          Service: updated.type === 'service' ? updated : null,
        },
  );

/** Deletes one of the user's posts; the dashboard list drops it at once and is read again. */
export function useDeletePost(userId: number) {
  const queryClient = useQueryClient();
  const afterChange = useAfterPostChange();
  return useMutation({
    mutationFn: (postId: number) => deletePost(postId),
    onSuccess: async (_answer, postId) => {
      queryClient.setQueryData<MyPost[]>(listingsKeys.mine(userId), (list) =>
        list?.filter((post) => post.id !== postId),
      );
      await afterChange();
    },
  });
}
