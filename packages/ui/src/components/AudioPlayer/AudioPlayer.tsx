/**
 * The theme-song player of /about and /music (docs/product/screens.md#audio-player): play/pause, a seek
 * slider in whole seconds, volume (0.7 by default, steps of 0.1), mute, and the lyrics in a modal.
 * The <audio> element is the source of truth for playing/paused; its events drive the UI, so an
 * ended song or a play() the browser refuses (autoplay rules) leaves the player paused.
 */
import { useEffect, useRef, useState } from 'react';
import type { Song } from '../../content';
import { Dialog, Slider } from '../../primitives';
import { AUDIO_DEFAULTS, formatTime, snapToStep } from './audioMath';
import * as S from './AudioPlayer.styles';
import { LyricsIcon, MutedIcon, PauseIcon, PlayIcon, VolumeIcon } from './icons';
import { Lyrics } from './Lyrics';

export interface AudioPlayerProps {
  song: Song;
  /** Show the cover art beside the controls. */
  showCover?: boolean;
}

const BLOCKED_NOTICE = 'Your browser did not start the song. Press play to try again.';
const LOAD_ERROR_NOTICE = 'The song could not be loaded right now. Please try again later.';

export function AudioPlayer({ song, showCover = true }: AudioPlayerProps) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [isPlaying, setIsPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolume] = useState<number>(AUDIO_DEFAULTS.volume);
  const [muted, setMuted] = useState(false);
  const [lyricsOpen, setLyricsOpen] = useState(false);
  const [notice, setNotice] = useState('');

  // The element's volume and muted flag are properties, not attributes: keep them in step.
  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.muted = muted;
  }, [muted]);

  const togglePlay = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (!audio.paused) {
      audio.pause();
      return;
    }
    setNotice('');
    audio.play().catch((error: unknown) => {
      setIsPlaying(false);
      // A pause() during start-up rejects with AbortError: that is the user's choice, not a fault.
      if (error instanceof DOMException && error.name === 'AbortError') return;
      console.info('The theme song did not start:', error);
      setNotice(BLOCKED_NOTICE);
    });
  };

  const seek = (value: number) => {
    const audio = audioRef.current;
    const time = snapToStep(value, { min: 0, max: duration, step: AUDIO_DEFAULTS.seekStep });
    if (audio) audio.currentTime = time;
    setCurrentTime(time);
  };

  const changeVolume = (value: number) => {
    const next = snapToStep(value, { min: 0, max: 1, step: AUDIO_DEFAULTS.volumeStep });
    setVolume(next);
    // Turning the volume up is a clear wish to hear the song again.
    if (muted && next > 0) setMuted(false);
  };

  const readDuration = (audio: HTMLAudioElement) => {
    if (Number.isFinite(audio.duration)) setDuration(audio.duration);
  };

  const hasDuration = duration > 0;
  const elapsed = formatTime(currentTime);
  const total = formatTime(duration);

  return (
    <S.Player role="group" aria-label={`Audio player: ${song.title}`} $withCover={showCover}>
      {showCover ? <S.Cover src={song.cover.src} alt={song.cover.alt} width={160} height={160} /> : null}
      <S.Body>
        <S.Heading>
          <S.Titles>
            <S.SongTitle>{song.title}</S.SongTitle>
            <S.Artist>{song.artist}</S.Artist>
          </S.Titles>
          <S.Bars aria-hidden="true" $active={isPlaying}>
            <span />
            <span />
            <span />
            <span />
          </S.Bars>
        </S.Heading>

        <S.Transport>
          <S.PlayButton type="button" onClick={togglePlay} aria-label={isPlaying ? 'Pause' : 'Play'}>
            {isPlaying ? <PauseIcon /> : <PlayIcon />}
          </S.PlayButton>
          <S.Seek>
            <Slider
              label="Song position"
              value={Math.min(currentTime, duration)}
              min={0}
              max={hasDuration ? duration : 1}
              step={AUDIO_DEFAULTS.seekStep}
              disabled={!hasDuration}
              valueText={`${elapsed} of ${total}`}
              onValueChange={seek}
            />
            <S.Time aria-hidden="true">
              <span>{elapsed}</span>
              <span>{total}</span>
            </S.Time>
          </S.Seek>
        </S.Transport>

        <S.Extras>
          <S.Volume>
            <S.IconButton type="button" aria-pressed={muted} aria-label="Mute" onClick={() => setMuted((m) => !m)}>
              {muted ? <MutedIcon /> : <VolumeIcon />}
            </S.IconButton>
            <Slider
              label="Volume"
              value={volume}
              min={0}
              max={1}
              step={AUDIO_DEFAULTS.volumeStep}
              valueText={muted ? `Muted (${Math.round(volume * 100)}%)` : `${Math.round(volume * 100)}%`}
              onValueChange={changeVolume}
            />
            <S.VolumeValue aria-hidden="true">{muted ? 'Muted' : `${Math.round(volume * 100)}%`}</S.VolumeValue>
          </S.Volume>
          <S.LyricsButton type="button" aria-haspopup="dialog" onClick={() => setLyricsOpen(true)}>
            <LyricsIcon />
            Lyrics
          </S.LyricsButton>
        </S.Extras>

        <S.Notice role="status">{notice}</S.Notice>
      </S.Body>

      <audio
        ref={audioRef}
        src={song.src}
        preload="metadata"
        onPlay={() => setIsPlaying(true)}
        onPause={() => setIsPlaying(false)}
        onEnded={() => setIsPlaying(false)}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => readDuration(event.currentTarget)}
        onDurationChange={(event) => readDuration(event.currentTarget)}
        onError={() => {
          setIsPlaying(false);
          setNotice(LOAD_ERROR_NOTICE);
        }}
      />

      <Dialog
        open={lyricsOpen}
        onOpenChange={setLyricsOpen}
        title={`${song.title}: lyrics`}
        description={`Words of the movement's theme song, performed by ${song.artist}.`}
        hideDescription
      >
        <Lyrics sections={song.lyrics} />
      </Dialog>
    </S.Player>
  );
}
