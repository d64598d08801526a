/**
 * The pictures of one file, compared: each side with its byte size and
 * pixel size, and for a changed picture the three modes (imageModes.ts) as
 * buttons in one group, with a slider for swipe and onion skin. Buttons and
 * a native range input: reachable and moved by keyboard (Tab, arrows).
 * Pictures come as URLs (blob: from the page's fetch), always through
 * `<img>`, so an SVG never runs script or reaches the page's DOM.
 */
import { useState } from 'react';
import { formatBytes, type Side } from '@redline/core';
import { IMAGE_MODE_LABELS, imageModes, overlayStyle, type ImageMode } from './imageModes.js';

export type ImageSideState =
  | { state: 'loading' }
  | { state: 'shown'; url: string; bytes: number }
  | { state: 'refused'; message: string };

export interface ImageCompareProps {
  path: string;
  /** The sides the file has, in order (old, new). */
  sides: Partial<Record<Side, ImageSideState>>;
}

type Dimensions = Partial<Record<Side, { width: number; height: number }>>;

const SIDE_LABEL = { old: 'Old', new: 'New' } satisfies Record<Side, string>;

export function ImageCompare({ path, sides }: ImageCompareProps) {
  const present = (['old', 'new'] as const).filter((side) => sides[side] !== undefined);
  const shown = present.filter((side) => sides[side]?.state === 'shown');
  const modes = imageModes(shown);
  const [mode, setMode] = useState<ImageMode>('side-by-side');
  const [position, setPosition] = useState(50);
  const [dimensions, setDimensions] = useState<Dimensions>({});
  const active = modes.includes(mode) ? mode : 'side-by-side';
  const measured = (side: Side) => (event: { currentTarget: HTMLImageElement }) => {
    const { naturalWidth: width, naturalHeight: height } = event.currentTarget;
    setDimensions((known) => ({ ...known, [side]: { width, height } }));
  };
  return (
    <div className="image-diff" role="group" aria-label={`Pictures of ${path}`}>
      {modes.length > 1 ? <ModeButtons mode={active} modes={modes} onMode={setMode} /> : null}
      {active === 'side-by-side' ? (
        <div className="image-sides">
          {present.map((side) => (
            <figure key={side} className={`image-side image-side-${side}`}>
              <SidePicture side={side} state={sides[side]!} onLoad={measured(side)} />
              <figcaption>{caption(side, sides[side]!, dimensions[side])}</figcaption>
            </figure>
          ))}
        </div>
      ) : (
        <Overlay mode={active} position={position} onPosition={setPosition} sides={sides} dimensions={dimensions} onLoad={measured} />
      )}
    </div>
  );
}

function ModeButtons({ mode, modes, onMode }: { mode: ImageMode; modes: readonly ImageMode[]; onMode(mode: ImageMode): void }) {
  return (
    <div className="image-modes" role="group" aria-label="Compare pictures">
      {modes.map((each) => (
        <button key={each} type="button" className="btn btn-small" aria-pressed={each === mode} onClick={() => onMode(each)}>
          {IMAGE_MODE_LABELS[each]}
        </button>
      ))}
    </div>
  );
}

interface OverlayProps {
  mode: ImageMode;
  position: number;
  onPosition(position: number): void;
  sides: ImageCompareProps['sides'];
  dimensions: Dimensions;
  onLoad(side: Side): (event: { currentTarget: HTMLImageElement }) => void;
}

/** Both pictures in one box, the new one on top: clipped (swipe) or see-through (onion skin). */
function Overlay({ mode, position, onPosition, sides, dimensions, onLoad }: OverlayProps) {
  const old = sides.old;
  const fresh = sides.new;
  if (old?.state !== 'shown' || fresh?.state !== 'shown') return null;
  const width = Math.max(dimensions.old?.width ?? 0, dimensions.new?.width ?? 0);
  const label = mode === 'swipe' ? 'Swipe position (percent of the old picture shown)' : 'Opacity of the new picture (percent)';
  return (
    <figure className={`image-overlay image-overlay-${mode}`}>
      <div className="image-stack" style={width > 0 ? { width: `min(100%, ${width}px)` } : undefined}>
        <img src={old.url} alt="Old" onLoad={onLoad('old')} />
        <img src={fresh.url} alt="New" onLoad={onLoad('new')} style={overlayStyle(mode, position)} data-overlay={mode} />
        {mode === 'swipe' ? <span className="image-swipe-divider" style={{ left: `${position}%` }} aria-hidden="true" /> : null}
      </div>
      <label className="image-slider">
        <span>{mode === 'swipe' ? 'Old' : 'Old only'}</span>
        <input type="range" min={0} max={100} step={1} value={position} aria-label={label} onChange={(event) => onPosition(Number(event.currentTarget.value))} />
        <span>{mode === 'swipe' ? 'New' : 'New only'}</span>
      </label>
      <figcaption>
        {caption('old', old, dimensions.old)} · {caption('new', fresh, dimensions.new)}
      </figcaption>
    </figure>
  );
}

function SidePicture({ side, state, onLoad }: { side: Side; state: ImageSideState; onLoad(event: { currentTarget: HTMLImageElement }): void }) {
  if (state.state === 'loading') return <div className="image-placeholder">Loading…</div>;
  if (state.state === 'refused') return <div className="image-placeholder file-notice" role="note">{state.message}</div>;
  return <img src={state.url} alt={SIDE_LABEL[side]} onLoad={onLoad} />;
}

/** "New · 8 × 6 px · 75 B". */
export function caption(side: Side, state: ImageSideState, dimensions: { width: number; height: number } | undefined): string {
  if (state.state !== 'shown') return SIDE_LABEL[side];
  const size = dimensions ? ` · ${dimensions.width} × ${dimensions.height} px` : '';
  return `${SIDE_LABEL[side]}${size} · ${formatBytes(state.bytes)}`;
}
