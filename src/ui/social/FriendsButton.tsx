import { useActorRef, useSelector } from '@xstate/react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { createPortal } from 'react-dom';
import { friendsListEffects, type SocialSocket } from '../../effects/social';
import { friendsListMachine } from '../../machines/friends-list.machine';
import { useAppActors } from '../app/AppActorsContext';
import { socialMessages as texts } from './messages';
import './social.css';

// The badge is all the top bar shows: the menu and the chat load when first opened.
const FriendsMenu = lazy(() => import('./FriendsMenu').then((module) => ({ default: module.FriendsMenu })));
const ChatWindow = lazy(() => import('./ChatWindow').then((module) => ({ default: module.ChatWindow })));

/**
 * The top bar's "Amis" button with its badge (received invitations and unread messages). It runs
 * the friends list for as long as someone is signed in, so the badge follows live events, and
 * opens the friends menu and the chat window above the page.
 */
export default function FriendsButton() {
  const { auth, socketFacts$, emitToSocket, inspect } = useAppActors();
  const user = useSelector(auth, (snapshot) => snapshot.context.user);
  const [socket] = useState<SocialSocket>(() => ({
    facts$: socketFacts$,
    emit: emitToSocket,
    me: { id: user?.id ?? '', displayName: user?.displayName ?? '' },
  }));
  const friendsList = useActorRef(friendsListMachine.provide(friendsListEffects(socket)), { inspect });
  const badge = useSelector(
    friendsList,
    ({ context }) =>
      context.received.length + context.friends.reduce((sum, friend) => sum + friend.unreadCount, 0),
  );
  const [menuOpen, setMenuOpen] = useState(false);
  const [chatWith, setChatWith] = useState<string | null>(null);

  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const openChat = useCallback(
    (friendId: string) => {
      friendsList.send({ type: 'chat.opened', friendId });
      setChatWith(friendId);
    },
    [friendsList],
  );
  const closeChat = useCallback(() => {
    friendsList.send({ type: 'chat.closed' });
    setChatWith(null);
  }, [friendsList]);

  return (
    <>
      <button
        type="button"
        className="secondary friends-button"
        aria-haspopup="dialog"
        onClick={() => setMenuOpen(true)}
      >
        {texts.friendsButton}
        {badge > 0 && (
          <span className="friends-button__badge" aria-label={texts.badge(badge)}>
            {badge}
          </span>
        )}
      </button>
      {menuOpen &&
        createPortal(
          <Suspense fallback={null}>
            <FriendsMenu friendsList={friendsList} onClose={closeMenu} onChat={openChat} />
          </Suspense>,
          document.body,
        )}
      {chatWith !== null &&
        createPortal(
          <Suspense fallback={null}>
            <ChatWindow key={chatWith} friendId={chatWith} socket={socket} onClose={closeChat} />
          </Suspense>,
          document.body,
        )}
    </>
  );
}
