import { useCallback, useState, type SyntheticEvent } from 'react';

export type ImageState = 'loading' | 'error';

const markLoaded = (img: HTMLImageElement) => {
  img.dataset.loaded = '';
};

/**
 * A picture's state (ui/ImageBox.module.css shows it): `error` (its box shows a text instead) is React state; that
 * it has loaded is marked on the image element itself (`data-loaded`, which only stops the box's shimmer), so the
 * dozens of pictures of a screen arriving one by one never re-render it, and hydrating a server-rendered page does
 * not render every tile a second time. A server-rendered page's images start loading before the app runs, and one
 * already done never fires `load` for it: the element is read as it arrives instead.
 */
export function useImageState(src: string | null | undefined) {
  const [state, setState] = useState<ImageState>(src ? 'loading' : 'error');
  const ref = useCallback((img: HTMLImageElement | null) => {
    if (!img?.complete) return;
    if (img.naturalWidth > 0) markLoaded(img);
    else setState('error');
  }, []);
  return {
    state,
    imageProps: {
      ref,
      onLoad: (event: SyntheticEvent<HTMLImageElement>) => markLoaded(event.currentTarget),
      onError: () => setState('error'),
    },
  };
}
