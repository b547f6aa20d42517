import { useSelector } from '@xstate/react';
import { useId } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { Friend, UserSearchResult } from '../../api/schemas/friends';
import type { friendInvitationMachine } from '../../machines/friend-invitation.machine';
import { nameMatchesSearch } from '../../domain/social';
import type { friendsListMachine } from '../../machines/friends-list.machine';
import { formatDateTime, socialMessages as texts } from './messages';
import { SocialAlert } from './SocialAlert';
import { AnswerButtons } from '../components/AnswerButtons';
import { Dialog } from '../components/Dialog';
import { Notice } from '../components/Notice';

type FriendsListRef = ActorRefFrom<typeof friendsListMachine>;
type InvitationRef = ActorRefFrom<typeof friendInvitationMachine>;

/** The friends menu (platform.md §2): search with add, received and sent invitations, friends. */
export function FriendsMenu({
  friendsList,
  onClose,
  onChat,
}: {
  friendsList: FriendsListRef;
  onClose: () => void;
  onChat: (friendId: string) => void;
}) {
  const alert = useSelector(friendsList, (snapshot) => snapshot.context.alert);
  const received = useSelector(friendsList, (snapshot) => snapshot.context.received);
  const sent = useSelector(friendsList, (snapshot) => snapshot.context.sent);
  const friends = useSelector(friendsList, (snapshot) => snapshot.context.friends);

  return (
    <Dialog
      title={texts.menuTitle}
      closeLabel={texts.close}
      onClose={onClose}
      size="wide"
      className="friends-menu"
    >
      {alert && <SocialAlert text={alert} onDismiss={() => friendsList.send({ type: 'alert.dismiss' })} />}
      <div className="friends-menu__columns">
        <div>
          <UserSearch friendsList={friendsList} />
          <InvitationSection title={texts.receivedTitle} empty={texts.noReceived} invitations={received} />
          <InvitationSection title={texts.sentTitle} empty={texts.noSent} invitations={sent} />
        </div>
        <section aria-label={texts.friendsTitle}>
          <h3>{texts.friendsTitle}</h3>
          {friends.length === 0 ? (
            <p className="social-empty">{texts.noFriends}</p>
          ) : (
            <ul className="social-list">
              {friends.map((friend) => (
                <FriendRow key={friend.id} friend={friend} friendsList={friendsList} onChat={onChat} />
              ))}
            </ul>
          )}
        </section>
      </div>
    </Dialog>
  );
}

function UserSearch({ friendsList }: { friendsList: FriendsListRef }) {
  const inputId = useId();
  const query = useSelector(friendsList, (snapshot) => snapshot.context.query);
  const hint = useSelector(friendsList, (snapshot) => snapshot.context.searchHint);
  const results = useSelector(friendsList, (snapshot) => snapshot.context.results);
  const friends = useSelector(friendsList, (snapshot) => snapshot.context.friends);
  const searching = useSelector(friendsList, (snapshot) => !snapshot.matches({ search: 'idle' }));
  const searched = query.trim().length >= 2 && !searching;
  const knownFriends = searched
    ? friends.filter((friend) => nameMatchesSearch(friend.display_name, query))
    : [];

  return (
    <section aria-label={texts.searchTitle}>
      <h3>{texts.searchTitle}</h3>
      <label htmlFor={inputId}>{texts.searchLabel}</label>
      <input
        id={inputId}
        type="search"
        value={query}
        autoComplete="off"
        onChange={(event) => friendsList.send({ type: 'search.change', query: event.target.value })}
      />
      <p className="social-hint" aria-live="polite">
        {hint ??
          (searching
            ? texts.searching
            : searched && results.length === 0 && knownFriends.length === 0
              ? texts.noResults
              : '')}
      </p>
      <ul className="social-list">
        {knownFriends.map((friend) => (
          <li key={friend.id} className="social-row">
            <span className="social-row__name">{friend.display_name}</span>
            <Presence online={friend.isOnline} />
            <span className="social-row__note">{texts.alreadyFriend}</span>
          </li>
        ))}
        {results.map((user) => (
          <SearchResult key={user.id} user={user} friendsList={friendsList} />
        ))}
      </ul>
    </section>
  );
}

function SearchResult({ user, friendsList }: { user: UserSearchResult; friendsList: FriendsListRef }) {
  const busy = useSelector(friendsList, (snapshot) => snapshot.matches({ changes: 'adding' }));
  return (
    <li className="social-row">
      <span className="social-row__name">{user.display_name}</span>
      {user.pendingInvitation === 'sent' ? (
        <span className="social-row__note">{texts.invitationSent}</span>
      ) : (
        <button
          type="button"
          disabled={busy}
          onClick={() => friendsList.send({ type: 'friend.add', userId: user.id })}
        >
          {user.pendingInvitation === 'received' ? texts.acceptTheirs : texts.add}
        </button>
      )}
    </li>
  );
}

function InvitationSection({
  title,
  empty,
  invitations,
}: {
  title: string;
  empty: string;
  invitations: InvitationRef[];
}) {
  return (
    <section aria-label={title}>
      <h3>{title}</h3>
      {invitations.length === 0 ? (
        <p className="social-empty">{empty}</p>
      ) : (
        <ul className="social-list">
          {invitations.map((invitation) => (
            <InvitationRow key={invitation.id} invitation={invitation} />
          ))}
        </ul>
      )}
    </section>
  );
}

function InvitationRow({ invitation }: { invitation: InvitationRef }) {
  const { context } = useSelector(invitation, (snapshot) => snapshot);
  const busy = useSelector(invitation, (snapshot) => snapshot.hasTag('busy'));
  const other = context.direction === 'received' ? context.invitation.from : context.invitation.to;
  return (
    <li className="social-row">
      <span className="social-row__name">{other.display_name}</span>
      <time className="social-row__note" dateTime={context.invitation.createdAt}>
        {formatDateTime(context.invitation.createdAt)}
      </time>
      {context.direction === 'received' ? (
        <AnswerButtons
          busy={busy}
          accept={texts.accept}
          decline={texts.decline}
          onAccept={() => invitation.send({ type: 'invitation.accept' })}
          onDecline={() => invitation.send({ type: 'invitation.decline' })}
        />
      ) : (
        <button
          type="button"
          className="secondary"
          disabled={busy}
          onClick={() => invitation.send({ type: 'invitation.cancel' })}
        >
          {texts.cancel}
        </button>
      )}
      {context.error && (
        <Notice tone="error" className="social-row__error">
          {context.error}
        </Notice>
      )}
    </li>
  );
}

function FriendRow({
  friend,
  friendsList,
  onChat,
}: {
  friend: Friend;
  friendsList: FriendsListRef;
  onChat: (id: string) => void;
}) {
  const busy = useSelector(friendsList, (snapshot) => snapshot.matches({ changes: 'removing' }));
  return (
    <li className="social-row" data-testid={`friend-${friend.display_name}`}>
      <span className="social-row__name">{friend.display_name}</span>
      <Presence online={friend.isOnline} />
      {friend.unreadCount > 0 && (
        <span className="social-unread" aria-label={texts.unread(friend.unreadCount)}>
          {friend.unreadCount}
        </span>
      )}
      <button
        type="button"
        aria-label={texts.chatLabel(friend.display_name)}
        onClick={() => onChat(friend.id)}
      >
        {texts.chat}
      </button>
      <button
        type="button"
        className="secondary"
        disabled={busy}
        aria-label={texts.removeLabel(friend.display_name)}
        onClick={() => friendsList.send({ type: 'friend.remove', friendId: friend.id })}
      >
        {texts.remove}
      </button>
    </li>
  );
}

export function Presence({ online }: { online: boolean }) {
  return (
    <span className={`presence presence--${online ? 'online' : 'offline'}`}>
      <span className="presence__dot" aria-hidden="true" />
      <span className="presence__text">{online ? texts.online : texts.offline}</span>
    </span>
  );
}
