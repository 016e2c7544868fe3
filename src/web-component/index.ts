export { createCustomElement, defineOnce, ELEMENT_MARKER, type ElementProps, type CivicElement, type CivicElementConstructor } from './define-element';
export type { PropsOf, AttributeSchema } from './attribute-values';
export { dispatch, type CivicEventDetails } from './events';
export { Adopt } from './Adopt';
export { useMessages } from './use-messages';
export { useServerContent } from './use-server-content';
export { useKitId } from './use-kit-id';
export { useLatest } from './use-latest';
export { hasContent, labelOf, languageAround } from './server-nodes';
