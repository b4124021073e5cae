export { AudioPlayer, type AudioPlayerProps } from './AudioPlayer';
export { Lyrics, type LyricsProps } from './Lyrics';
export { AUDIO_DEFAULTS, formatTime, snapToStep, type StepRange } from './audioMath';
