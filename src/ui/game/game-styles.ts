/**
 * The game page's stylesheets, in cascade order: the game page loads them, and so does the
 * rendering bench's page (bench/render), which mounts the same map and must draw it the same.
 */
import './game.css';
import './table-map.css';
import './map-token.css';
import './table-menus.css';
import './soul-core.css';
import './turn-panel.css';
import './side-column.css';
import './game-narrow.css';
import './attack.css';
import './map-pointers.css';
import './grid.css';
import './fog.css';
import './vision.css';
import './ambience.css';
