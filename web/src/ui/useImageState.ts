import { useCallback, useState } from 'react';

export type ImageState = 'loading' | 'loaded' | 'error';

/**
 * A picture's loading state (ui/ImageBox.module.css shows it). A server-rendered page's images start loading before
 * the app runs, and one already done never fires `load` for it: the element is read as it arrives instead.
 */
export function useImageState(src: string | null | undefined) {
  const [state, setState] = useState<ImageState>(src ? 'loading' : 'error');
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (!img?.complete) return;
    setState(img.naturalWidth > 0 ? 'loaded' : 'error');
  }, []);
  return {
    state,
    imageProps: { ref, onLoad: () => setState('loaded'), onError: () => setState('error') },
  };
}
