import { useActorRef, useSelector } from '@xstate/react';
import { useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { characterSheetLogic } from '../../effects/characters';
import { useAppActors } from '../app/AppActorsContext';
import { CharacterSheetView } from './CharacterSheetView';
import { sheetMessages as text } from './messages';
import { SheetWayOut } from './SheetWayOut';
import '../creation/creation-page.css';
import './sheet-layout.css';

/** `/view?id=…&gameId=…`: a character's sheet, for a signed-in user the server lets read it. */
export default function SheetPage() {
  const { auth } = useAppActors();
  const signedIn = useSelector(auth, (snapshot) => snapshot.matches('authenticated'));
  const checking = useSelector(auth, (snapshot) => snapshot.hasTag('busy'));
  const [params] = useSearchParams();
  const playerId = params.get('id');
  const gameId = params.get('gameId') || null;
  if (signedIn && playerId)
    return <SheetFor key={`${playerId}/${gameId}`} playerId={playerId} gameId={gameId} />;
  return (
    <main className="sheet creation--empty">
      {!checking && (
        <p role="status">
          {signedIn ? text.missingId : text.signInFirst} <SheetWayOut />
        </p>
      )}
    </main>
  );
}

function SheetFor({ playerId, gameId }: { playerId: string; gameId: string | null }) {
  const { inspect, socketFacts$ } = useAppActors();
  const logic = useMemo(() => characterSheetLogic(socketFacts$), [socketFacts$]);
  const sheet = useActorRef(logic, {
    input: { playerId, gameId },
    inspect,
  });
  return <CharacterSheetView sheet={sheet} />;
}
