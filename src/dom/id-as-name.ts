/**
 * An id (or frame name) longer than this is the course's text, not a name: selectors and frame labels
 * use the element's position instead, so they stay short and still find it. Page code that is passed
 * to the browser as a function (inspect-element, the layout probe) repeats the number inline.
 */
export const ID_AS_NAME_MAX = 100;
