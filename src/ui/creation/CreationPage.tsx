import { useActorRef, useSelector } from '@xstate/react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { characterCreationActors } from '../../effects/characters';
import { characterCreationMachine } from '../../machines/character-creation.machine';
import { useAppActors } from '../app/AppActorsContext';
import { CharacterCreation } from './CharacterCreation';
import { creationMessages as text } from './messages';
import './creation-page.css';

/** `/creation?gameId=…`: the creation machine on the browser's effects, for a signed-in user. */
export default function CreationPage() {
  const { auth } = useAppActors();
  const signedIn = useSelector(auth, (snapshot) => snapshot.matches('authenticated'));
  const checking = useSelector(auth, (snapshot) => snapshot.hasTag('busy'));
  if (signedIn) return <CreationForSignedIn />;
  return (
    <main className="creation creation--empty">
      {!checking && (
        <p role="status">
          {text.signInFirst} <a href="../">{text.back}</a>
        </p>
      )}
    </main>
  );
}

function CreationForSignedIn() {
  const { inspect } = useAppActors();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const creation = useActorRef(
    characterCreationMachine.provide({
      actors: characterCreationActors,
      actions: {
        'go to game': (_, { gameId, playerId }) =>
          navigate(`/game?gameId=${encodeURIComponent(gameId)}&playerId=${encodeURIComponent(playerId)}`),
        'go home': () => navigate('/'),
      },
    }),
    { input: { gameId: params.get('gameId') || null }, inspect },
  );
  return <CharacterCreation creation={creation} />;
}
