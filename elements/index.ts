/**
 * The all-in-one entry: registers every civic-elements tag. Pages that use only a few elements load
 * their own entries (dist/elements/<tag>.js) instead.
 */
export { AccordionGroupElement, define as defineAccordionGroup } from './accordion-group';
