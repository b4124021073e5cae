export { AudioPlayer, type AudioPlayerProps } from './AudioPlayer';
export { ThemeSongPlayer } from './ThemeSongPlayer';
export { Lyrics, type LyricsProps } from './Lyrics';
export { AUDIO_DEFAULTS, formatTime, snapToStep, type StepRange } from './audioMath';
