/**
 * An image's sources (docs/architecture.md#low-data-mode): the casino serves each picture at its design width and at
 * half of it (`?w=`, sandbox/src/art/images.ts). The browser chooses between the two by the rendered width; in
 * low-data mode only the half width is offered, whatever the screen.
 */
export function artSources(
  src: string,
  designWidth: number,
  lowData: boolean,
): { src: string; srcSet: string | undefined } {
  const half = designWidth / 2;
  const small = `${src}?w=${half}`;
  return lowData
    ? { src: small, srcSet: undefined }
    : { src, srcSet: `${small} ${half}w, ${src} ${designWidth}w` };
}
