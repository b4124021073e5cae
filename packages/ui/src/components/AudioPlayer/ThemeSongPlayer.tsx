/** The movement's theme song in the player: an island on /about and /music, so the song's data is the module's, not the page's. */
import { THEME_SONG } from '../../content/themeSong';
import { AudioPlayer } from './AudioPlayer';

export function ThemeSongPlayer() {
  return <AudioPlayer song={THEME_SONG} />;
}
