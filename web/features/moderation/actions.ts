// What a moderator may do with a queue item, what each choice is called and says before it runs, the
// call it makes, and how the item looks once it has run (the card keeps showing it, with its new state,
// after the server's queue has let it go).
import type { QueueItem } from '../../../shared/api-types';
import { MODERATION_STATES, type ModerationState } from '../../../shared/moderation';
import type { ModerationCommand } from './api';

export type ActionId =
  | 'hide'
  | 'restore'
  | 'approve'
  | 'dismiss'
  | 'suspend'
  | 'reinstate'
  | 'make-moderator';

/** The choices that act on the author's account (the card shows them with the author). */
export const ACCOUNT_ACTIONS: ReadonlySet<ActionId> = new Set<ActionId>([
  'suspend',
  'reinstate',
  'make-moderator',
]);

export interface ActionCopy {
  /** The button on the card. */
  button: string;
  /** The confirming dialog's title. */
  title: string;
  /** What happens, in one line. */
  explain: string;
  /** Destructive: the confirm button is red. */
  danger: boolean;
}

/** The choices for `item`, content first, then its author (never the moderator's own account). */
export function actionsFor(item: QueueItem, moderatorId: number): ActionId[] {
  const content: ActionId[] =
    item.state === 'removed'
      ? ['restore']
      : item.state === 'held'
        ? ['approve', 'hide']
        : item.state === 'pending'
          ? ['restore', 'hide']
          : ['dismiss', 'hide'];
  if (item.author.id === moderatorId) return content;
  const account: ActionId[] = [item.author.suspended ? 'reinstate' : 'suspend'];
  if (item.author.role === 'member') account.push('make-moderator');
  return [...content, ...account];
}

export function copyOf(action: ActionId, item: QueueItem): ActionCopy {
  const target = item.targetType;
  const author = item.author.name;
  switch (action) {
    case 'hide':
      return {
        button: `Hide ${target}`,
        title: `Hide this ${target}?`,
        explain: `It leaves every public view; its author still sees it, marked 'Removed by a moderator'.`,
        danger: true,
      };
    case 'restore':
      return {
        button: `Restore ${target}`,
        title: `Restore this ${target}?`,
        explain: 'It is public again and its open reports are dismissed.',
        danger: false,
      };
    case 'approve':
      return {
        button: `Approve ${target}`,
        title: `Approve this ${target}?`,
        explain: 'It is published now and will not be held again.',
        danger: false,
      };
    case 'dismiss':
      return {
        button: item.reports.length > 0 ? 'Dismiss reports' : 'Mark as reviewed',
        title: item.reports.length > 0 ? 'Dismiss the reports?' : 'Mark as reviewed?',
        explain: `The ${target} stays public and leaves the queue.`,
        danger: false,
      };
    case 'suspend':
      return {
        button: 'Suspend author',
        title: `Suspend ${author}?`,
        explain:
          'They are signed out everywhere, cannot sign in, and their posts and comments leave every public view.',
        danger: true,
      };
    case 'reinstate':
      return {
        button: 'Reinstate author',
        title: `Reinstate ${author}?`,
        explain: 'They can sign in again and their posts and comments return.',
        danger: false,
      };
    case 'make-moderator':
      return {
        button: 'Make moderator',
        title: `Make ${author} a moderator?`,
        explain: 'They will see this screen and can hide posts and suspend accounts.',
        danger: false,
      };
  }
}

export function commandFor(action: ActionId, item: QueueItem, reason: string): ModerationCommand {
  const content = { kind: item.targetType, id: item.id, reason };
  const account = { kind: 'user' as const, id: item.author.id, reason };
  switch (action) {
    case 'hide':
      return { ...content, verb: 'hide' };
    case 'restore':
    case 'approve':
    case 'dismiss':
      return { ...content, verb: 'restore' };
    case 'suspend':
      return { ...account, verb: 'suspend' };
    case 'reinstate':
      return { ...account, verb: 'reinstate' };
    case 'make-moderator':
      return { ...account, verb: 'role', role: 'moderator' };
  }
}

/** The queue item's key: a post and a comment may share an id. */
export const itemKey = (item: Pick<QueueItem, 'targetType' | 'id'>) => `${item.targetType}-${item.id}`;

const isState = (state: string): state is ModerationState =>
  (MODERATION_STATES as readonly string[]).includes(state);

/**
 * `item` after `command` succeeded with `state`: a decision on the content sets its state and closes
 * its reports; one on the account changes the author (on every item by them, see applyToAuthor).
 */
export function afterCommand(item: QueueItem, command: ModerationCommand, state: string): QueueItem {
  if (command.kind === 'user') return applyToAuthor(item, command);
  return {
    ...item,
    state: isState(state) ? state : item.state,
    reports: [],
    reportWeight: 0,
  };
}

/** An account decision seen on any item by that account. */
export function applyToAuthor(item: QueueItem, command: ModerationCommand): QueueItem {
  if (command.kind !== 'user' || item.author.id !== command.id) return item;
  const author =
    command.verb === 'role'
      ? { ...item.author, role: command.role }
      : { ...item.author, suspended: command.verb === 'suspend' };
  return { ...item, author };
}
